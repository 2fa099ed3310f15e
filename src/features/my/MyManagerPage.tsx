// /my/manager: the manager application, its status or the form.
import { useLingui } from "@lingui/react/macro";
import { ManagerCard } from "./ManagerCard";
import { MySubPage } from "./MySubPage";

export function MyManagerPage() {
  const { t } = useLingui();
  return (
    <MySubPage title={t`管理员申请`}>
      <ManagerCard />
    </MySubPage>
  );
}
