// The profile header of /my: avatar, nickname, the masked phone / e-mail, the WeChat binding and
// my invite code.
import { useState } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import type { UserInfo } from "../../api/accountTypes";
import { UserIcon } from "../../ui/icons";

export function ProfileCard({ user }: { user: Readonly<UserInfo> }) {
  const { t } = useLingui();
  const [avatarFailed, setAvatarFailed] = useState(false);
  const notBound = t`未绑定`;
  const showAvatar = user.avatarUrl !== "" && !avatarFailed;
  return (
    <section className="card profile-card" aria-labelledby="profile-name">
      {showAvatar ? (
        <img
          className="avatar profile-avatar"
          src={user.avatarUrl}
          alt=""
          width={72}
          height={72}
          onError={() => {
            setAvatarFailed(true);
          }}
        />
      ) : (
        <span className="avatar profile-avatar profile-avatar-empty">
          <UserIcon size={36} />
        </span>
      )}
      <div className="profile-main">
        <h2 id="profile-name" className="profile-name">
          {user.nickname === "" ? t`福缘用户` : user.nickname}
        </h2>
        <dl className="profile-facts">
          <div>
            <dt>
              <Trans>手机号</Trans>
            </dt>
            <dd>{user.phone ?? notBound}</dd>
          </div>
          <div>
            <dt>
              <Trans>邮箱</Trans>
            </dt>
            <dd>{user.email ?? notBound}</dd>
          </div>
          <div>
            <dt>
              <Trans>微信</Trans>
            </dt>
            <dd>{user.wechatBound ? t`已绑定` : notBound}</dd>
          </div>
          {user.inviteCode === "" ? null : (
            <div>
              <dt>
                <Trans>邀请码</Trans>
              </dt>
              <dd data-testid="profile-invite-code">{user.inviteCode}</dd>
            </div>
          )}
        </dl>
      </div>
    </section>
  );
}
