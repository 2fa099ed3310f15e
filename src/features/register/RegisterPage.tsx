// /register (signed-in users): the fate-together sign-up page frame; its title uses the
// explicit message id `fateTogether.title`. The form comes with the registration work.
import { useLingui } from "@lingui/react/macro";
import { usePageTitle } from "../../ui/usePageTitle";

export function RegisterPage() {
  const { t } = useLingui();
  const title = t({ id: "fateTogether.title", message: "共结善缘报名" });
  usePageTitle(title);
  return (
    <div className="page register-page">
      <header className="page-head">
        <h1>{title}</h1>
      </header>
    </div>
  );
}
