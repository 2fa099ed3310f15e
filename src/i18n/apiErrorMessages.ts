// Translations of the API's refusal reasons (contract/apiErrors.ts): the server answers with a
// stable `reason` (and `params`), and this is the one place a reason becomes the sentence the user
// reads. The server's `msg` is a description for developers and is never shown.
import { msg, plural } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { ApiErrorParams, ApiErrorReason } from "#contract";
import { ORDER_STATUS_LABELS } from "./orderLabels";
import { i18n } from "@lingui/core";

type Sentence = (params: ApiErrorParams) => MessageDescriptor;

/** "30 秒", "5 分钟", "2 小时": a wait in the largest unit that reads well (rounded up). */
function waitText(seconds: number): string {
  if (seconds >= 2 * 3600) {
    const hours = Math.ceil(seconds / 3600);
    return i18n._(msg`${plural(hours, { other: "# 小时" })}`);
  }
  if (seconds >= 120) {
    const minutes = Math.ceil(seconds / 60);
    return i18n._(msg`${plural(minutes, { other: "# 分钟" })}`);
  }
  const secs = Math.max(1, Math.ceil(seconds));
  return i18n._(msg`${plural(secs, { other: "# 秒" })}`);
}

/** What to enter in a field the sign-in forms know; the others get the generic sentence. */
const FIELD_WORDING: Readonly<Record<string, MessageDescriptor>> = {
  phone: msg`请输入正确的手机号`,
  areaCode: msg`仅支持 +86 手机号`,
  email: msg`请输入正确的邮箱地址`,
  account: msg`请输入正确的手机号或邮箱`,
  code: msg`请输入 6 位数字验证码`,
};

function invalidField({ field = "", wording }: ApiErrorParams) {
  const known = wording === null ? undefined : FIELD_WORDING[wording ?? field];
  if (known === undefined) return msg`请求参数不正确：${field}`;
  const text = i18n._(known);
  return msg`${text}（${field}）`;
}

function waitLimit(sentence: (wait: string) => MessageDescriptor): Sentence {
  return ({ retryAfterSeconds = 60 }) => sentence(waitText(retryAfterSeconds));
}

function statusLabel(status: string | undefined): string {
  const label =
    status !== undefined && Object.hasOwn(ORDER_STATUS_LABELS, status)
      ? ORDER_STATUS_LABELS[status as keyof typeof ORDER_STATUS_LABELS]
      : undefined;
  return label === undefined ? (status ?? "") : i18n._(label);
}

/** One sentence per reason: the type checker asks for a new reason's sentence here. */
export const API_ERROR_MESSAGES: Readonly<Record<ApiErrorReason, Sentence>> = {
  INVALID_FIELD: invalidField,
  FIELD_REQUIRED: ({ field = "" }) => msg`请填写必填项（${field}）`,
  TEXT_TOO_LONG: ({ field = "", max = 0 }) =>
    msg`内容过长（${field}），最多 ${max} 个字`,
  TEXT_CONTROL_CHARACTERS: ({ field = "" }) =>
    msg`内容含有无法保存的字符（${field}）`,
  DATE_INVALID: ({ field = "" }) => msg`日期格式不正确（${field}）`,
  DATE_OUT_OF_RANGE: ({ field = "" }) =>
    msg`日期须在 1900 年至今天之间（${field}）`,
  MALFORMED_REQUEST: () => msg`请求无法识别，请刷新页面后重试`,
  REQUEST_TOO_LARGE: () => msg`提交的内容过大`,
  MULTIPART_REQUIRED: () => msg`请以文件形式上传`,
  UNSUPPORTED_MEDIA_TYPE: () => msg`不支持的内容格式`,
  NOT_FOUND: () => msg`找不到您要的内容`,
  TOO_MANY_REQUESTS: () => msg`操作过于频繁，请稍后再试`,
  INTERNAL: () => msg`服务器出现错误，请稍后再试`,

  TOKEN_MISSING: () => msg`请先登录`,
  TOKEN_INVALID: () => msg`登录状态无效，请重新登录`,
  TOKEN_EXPIRED: () => msg`登录已过期，请重新登录`,
  SESSION_REVOKED: () => msg`您已退出登录，请重新登录`,
  SESSION_BANNED: () => msg`该账号已被停用`,
  REFRESH_INVALID: () => msg`登录已失效，请重新登录`,
  REFRESH_REUSED: () =>
    msg`检测到登录凭证被重复使用，为保护账号安全已退出登录，请重新登录`,
  ACCOUNT_BANNED: () => msg`该账号已被停用，无法登录`,
  LOGIN_METHOD_DISABLED: () => msg`此登录方式暂未开放`,
  IM_ID_MISMATCH: () => msg`账号信息不一致，请重新登录后再试`,
  CODE_EXPIRED: () => msg`验证码已失效，请重新获取`,
  CODE_WRONG: () => msg`验证码错误`,
  CODE_WRONG_BURNT: () => msg`验证码错误次数过多，请重新获取`,
  CODE_BURNT: () => msg`验证码错误次数过多已失效，请重新获取`,
  CODE_RESEND_TOO_SOON: waitLimit(
    (wait) => msg`验证码发送过于频繁，请 ${wait}后再试`,
  ),
  CODE_DAILY_LIMIT: waitLimit(
    (wait) => msg`今日获取验证码次数已达上限，请 ${wait}后再试`,
  ),
  IP_HOURLY_LIMIT: waitLimit(
    (wait) => msg`当前网络获取验证码过于频繁，请 ${wait}后再试`,
  ),
  TARGET_LOCKED: waitLimit(
    (wait) => msg`验证码错误次数过多，账号已临时锁定，请 ${wait}后再试`,
  ),
  SMS_NUMBER_REJECTED: () => msg`该手机号无法接收短信，请检查号码`,
  EMAIL_ADDRESS_REJECTED: () => msg`该邮箱无法接收邮件，请检查地址`,
  PROVIDER_RATE_LIMITED: () => msg`发送过于频繁，请稍后再试`,
  SMS_FAILED: () => msg`短信发送失败，请稍后再试`,
  EMAIL_FAILED: () => msg`邮件发送失败，请稍后再试`,
  WECHAT_STATE_LIMIT: waitLimit(
    (wait) => msg`当前网络发起微信登录过于频繁，请 ${wait}后再试`,
  ),
  WECHAT_STATE_MISSING: () =>
    msg`微信登录已失效（浏览器未保留登录信息），请重新发起登录`,
  WECHAT_STATE_MISMATCH: () => msg`微信登录校验失败，请重新发起登录`,
  WECHAT_STATE_EXPIRED: () => msg`微信登录已超时，请重新发起登录`,
  WECHAT_STATE_USED: () => msg`该微信登录链接已使用，请重新发起登录`,
  WECHAT_CODE_INVALID: () => msg`微信授权已失效，请重新登录`,
  WECHAT_FAILED: () => msg`微信登录失败，请稍后再试`,
  PHONE_TAKEN: () => msg`该手机号已绑定其他账号`,

  ACCOUNT_NOT_FOUND: () => msg`找不到该账号`,
  INVITE_CODE_UNKNOWN: ({ code = "" }) =>
    msg`没有找到邀请码 ${code}，请核对后再试`,
  INVITE_CODE_OWN: () => msg`不能绑定自己的邀请码`,
  INVITE_ALREADY_BOUND: () => msg`您已绑定邀请人，无法更改`,
  INVITE_CYCLE: () => msg`对方是由您邀请的，不能互相绑定`,
  MANAGER_PHONE_INVALID: () => msg`请输入正确的手机号`,
  ALREADY_MANAGER: () => msg`您已是管理员`,
  MANAGER_APPLICATION_PENDING: () => msg`您的申请正在审核中，请耐心等待。`,
  MANAGER_APPLICATION_NOT_FOUND: () => msg`找不到该申请`,
  MANAGER_APPLICATION_DECIDED: () => msg`该申请已处理`,
  REJECTION_REASON_REQUIRED: () => msg`请填写拒绝理由`,
  FORBIDDEN: () => msg`您没有权限进行此操作`,

  PRODUCT_NOT_FOUND: () => msg`该服务不存在或已下架`,
  MONK_NOT_FOUND: () => msg`找不到这位法师`,
  NEWS_NOT_FOUND: () => msg`找不到这篇资讯`,
  PAGE_NOT_FOUND: () => msg`找不到该页面`,
  BLESSING_NOT_FOUND: () => msg`找不到这条祈福`,

  ORDER_NOT_FOUND: () => msg`找不到该订单`,
  PRODUCT_OPTION_UNKNOWN: () => msg`所选方案已不可用，请重新选择`,
  ORDER_FIELD_NOT_ASKED: ({ field = "" }) =>
    msg`此服务不需要填写该项（${field}）`,
  PENDING_ORDER_LIMIT: ({ max = 0 }) =>
    msg`您有 ${max} 个未支付订单，请先支付或取消其中一个`,
  ORDER_JUST_PAID: () => msg`订单刚刚已支付，无法取消`,
  ORDER_STATE_CONFLICT: () => msg`订单状态已变化，请刷新后查看`,
  ORDER_ALREADY_PAID: () => msg`该订单已支付`,
  ORDER_NOT_PAYABLE: ({ status }) => {
    const label = statusLabel(status);
    return msg`该订单状态为「${label}」，无法支付`;
  },
  ORDER_PAYMENT_EXPIRED: () => msg`订单已超过 30 分钟未支付，请重新下单`,
  PAYMENT_REFUSED: () => msg`微信支付未能受理本次支付，请稍后再试`,
  PAYMENT_UNAVAILABLE: () => msg`微信支付暂时不可用，请稍后再试`,
  PAYMENT_JSAPI_UNAVAILABLE: () => msg`暂不支持在微信内支付，请在浏览器中打开`,
  PAYMENT_H5_UNAVAILABLE: () =>
    msg`暂不支持在手机浏览器中支付，请在微信中打开本页或用电脑扫码支付`,
  WECHAT_AUTH_EXPIRED: () => msg`微信授权已失效，请重新发起支付`,
  WECHAT_UNREACHABLE: () => msg`微信暂时无法响应，请重试`,
  PAYER_OPENID_MISSING: () => msg`需要先完成微信授权才能支付`,
  PAYMENT_ORDER_UNKNOWN: () => msg`支付通知对应的订单不存在`,

  PLANNED_AT_REQUIRED: () => msg`请选择法事的安排日期`,
  PLANNED_AT_OUT_OF_RANGE: ({ max = "" }) =>
    msg`安排日期须在今天起 ${max} 天之内`,
  PROOF_PHOTO_REQUIRED: () => msg`请至少上传一张完成照片`,
  PROOF_PHOTO_UNKNOWN: () => msg`照片无效，请重新上传`,
  REFUND_OPEN: () => msg`该订单的退款正在处理中`,
  REFUND_NOT_ALLOWED: ({ status }) => {
    const label = statusLabel(status);
    return msg`该订单状态为「${label}」，无法退款`;
  },
  REFUND_NOT_REQUESTED: () => msg`该订单没有待审核的退款申请`,
  DECLINE_REASON_REQUIRED: () => msg`请填写拒绝退款的理由`,
  QUICK_REPLY_LIMIT: ({ max = "" }) =>
    msg`快捷回复最多 ${max} 条，请先删除不用的`,
  QUICK_REPLY_NOT_FOUND: () => msg`该快捷回复已被删除`,
  HAND_OFF_TARGET_INVALID: () => msg`只能转交给客服或法师`,
  REFUND_REFUSED: () => msg`微信支付未能受理退款，请稍后再试`,
  ADMIN_OWN_ROLE: () => msg`不能撤销自己的管理员身份`,
  ADMIN_NOT_BANNABLE: () => msg`不能封禁管理员，请先撤销其管理员身份`,
  PRODUCT_SLUG_TAKEN: () => msg`该链接名已被其他商品使用`,
  PRODUCT_OPTION_ORDERED: () =>
    msg`该规格已有订单，不能删除；可以改价或下架商品`,

  AGREEMENT_NOT_FOUND: () => msg`找不到该协议`,
  AGREEMENT_ORDER_NOT_PAID: () => msg`只有已支付的订单才能发送协议`,
  AGREEMENT_ALREADY_SIGNED: () => msg`该协议已签署`,
  AGREEMENT_NOT_SIGNED: () => msg`该协议尚未签署`,
  SIGNATURE_TOO_LARGE: () => msg`签名图片过大，请清除后重新签名`,
  SIGNATURE_NOT_PNG: () => msg`签名图片无效，请重新签名`,
  SIGNATURE_TOO_WIDE: ({ max = 0 }) =>
    msg`签名图片尺寸过大（最大 ${max} 像素），请重新签名`,

  IM_USER_NOT_FOUND: () => msg`找不到该用户`,
  IM_UNAVAILABLE: () => msg`聊天服务暂时繁忙，请稍后再试`,
  SERVICE_STAFF_UNAVAILABLE: () => msg`暂无可用的客服，请稍后再试`,
  MESSAGE_REFUSED: ({ code = "" }) => msg`消息无法发送（${code}）`,
  MESSAGE_TYPE_RESERVED: () => msg`这类消息只能由系统发送`,
  MESSAGE_IMAGE_URL_REFUSED: () => msg`图片需先上传才能发送`,
  MESSAGE_TEXT_EMPTY: () => msg`消息内容不能为空`,
  MESSAGING_UNAVAILABLE: () => msg`消息服务暂时不可用，请稍后再试`,
  MESSAGE_REVOKE_EXPIRED: () => msg`消息发出超过 2 分钟，无法撤回`,
  FILE_NOT_FOUND: () => msg`文件不存在`,
  IMAGE_EMPTY: () => msg`图片是空的，请重新选择`,
  IMAGE_TOO_LARGE: ({ max = 0 }) => {
    const mb = Math.floor(max / (1024 * 1024));
    return msg`图片过大（最大 ${mb} MB）`;
  },
  IMAGE_NOT_ACCEPTED: () =>
    msg`这不是可以发送的图片，请选择 JPG、PNG、WebP 或 GIF 图片`,
  IMAGE_TOO_MANY_PIXELS: ({ max = 0 }) => {
    // NOTE: one decimal, rounded down: 16,777,216 reads "16.7", never more than the cap.
    const megapixels = Math.floor(max / 100_000) / 10;
    return msg`图片像素过多（最多 ${megapixels} 百万像素）`;
  },
  UPLOAD_QUOTA_EXCEEDED: () => msg`您的图片存储空间已满`,
  FILE_IN_USE: () => msg`该文件仍在使用中，无法删除`,
  PUSH_ENDPOINT_TAKEN: () => msg`此设备的通知已绑定其他账号，请重新开启通知`,
  PUSH_SUBSCRIPTION_NOT_FOUND: () => msg`找不到此设备的通知订阅`,
  FATE_SIGNUP_ARRANGED: () => msg`您的报名正在安排中，无法再修改`,
  FATE_SIGNUP_CHANGED: () => msg`报名信息刚刚有变化，请重试`,

  WEBHOOK_REFUSED: () => msg`请求未被授权`,
};

/** The translated sentence of a refusal, in the active locale. */
export function apiErrorText(
  reason: ApiErrorReason,
  params: ApiErrorParams = {},
): string {
  return i18n._(API_ERROR_MESSAGES[reason](params));
}
