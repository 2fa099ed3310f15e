// The four demo accounts (one per role). Their imIds are fixed so other seed data (the monk
// profile) and tests can find them. IM tokens belong to sessions, not to accounts.
export interface DemoAccount {
  imId: string;
  nickname: string;
  phone: string;
  email: string;
  avatarUrl: string;
  inviteCode: string;
  isService: 0 | 1;
  isMonk: 0 | 1;
  isManager: 0 | 1;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    imId: "demo_user",
    nickname: "善信小福",
    phone: "13800000001",
    email: "user@fuyuan.local",
    avatarUrl: "/images/avatars/user.svg",
    inviteCode: "FYDEMO01",
    isService: 0,
    isMonk: 0,
    isManager: 0,
  },
  {
    imId: "demo_service",
    nickname: "福缘客服",
    phone: "13800000002",
    email: "service@fuyuan.local",
    avatarUrl: "/images/avatars/service.svg",
    inviteCode: "FYDEMO02",
    isService: 1,
    isMonk: 0,
    isManager: 0,
  },
  {
    imId: "demo_monk",
    nickname: "慧明法师",
    phone: "13800000003",
    email: "monk@fuyuan.local",
    avatarUrl: "/images/monks/huiming.svg",
    inviteCode: "FYDEMO03",
    isService: 0,
    isMonk: 1,
    isManager: 0,
  },
  {
    imId: "demo_manager",
    nickname: "福缘管理员",
    phone: "13800000004",
    email: "manager@fuyuan.local",
    avatarUrl: "/images/avatars/manager.svg",
    inviteCode: "FYDEMO04",
    isService: 0,
    isMonk: 0,
    isManager: 1,
  },
];
