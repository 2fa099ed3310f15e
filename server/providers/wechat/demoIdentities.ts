// The three WeChat identities the development emulator lets a developer sign in as. Each has one
// openid per app (as real WeChat does) and one unionid shared across apps; avatars are inline SVG.
import { WECHAT_LOGIN_TYPES, type WechatLoginType } from "#contract";

export interface DemoWechatIdentity {
  id: string;
  nickname: string;
  avatarUrl: string;
  unionid: string;
  openids: Readonly<Record<WechatLoginType, string>>;
}

function avatar(initial: string, color: string): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="132" height="132" viewBox="0 0 132 132">` +
    `<rect width="132" height="132" rx="16" fill="${color}"/>` +
    `<text x="66" y="86" font-size="60" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

function identity(
  n: number,
  nickname: string,
  initial: string,
  color: string,
): DemoWechatIdentity {
  const suffix = `DemoUser${n}`;
  return {
    id: `demo-${n}`,
    nickname,
    avatarUrl: avatar(initial, color),
    unionid: `oUnion_${suffix}`,
    openids: {
      [WECHAT_LOGIN_TYPES.website]: `oWeb_${suffix}`,
      [WECHAT_LOGIN_TYPES.inApp]: `oMp_${suffix}`,
    },
  };
}

export const DEMO_WECHAT_IDENTITIES: readonly DemoWechatIdentity[] = [
  identity(1, "清风居士", "清", "#8c2f1b"),
  identity(2, "明月", "明", "#2f5d8c"),
  identity(3, "Lotus Walker", "L", "#3c7a3a"),
];
