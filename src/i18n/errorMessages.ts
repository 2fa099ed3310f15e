// Translations of the messenger worker's error codes (workers/api.ts `MessengerErrorCode`): the worker
// returns codes only, and this is the one place a code becomes text the user reads.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { MAX_UPLOAD_BYTES } from "#contract";
import type { MessengerErrorCode } from "../../workers/api";

/** The upload limit in whole MB, as the sentence names it. */
const maxMb = Math.floor(MAX_UPLOAD_BYTES / (1024 * 1024));

/** One message per worker error code. */
export const SESSION_ERROR_MESSAGES: Readonly<
  Record<MessengerErrorCode, MessageDescriptor>
> = {
  NOT_ATTACHED: msg`消息服务尚未就绪，请刷新页面`,
  VERSION_MISMATCH: msg`应用已更新，请刷新页面`,
  NOT_STARTED: msg`消息服务尚未连接，请稍候再试`,
  INVALID_ARGUMENT: msg`内容无效，无法发送`,
  IMAGE_TOO_LARGE: msg`图片太大，缩小后仍超过 ${maxMb} MB，无法发送`,
  IMAGE_NOT_ACCEPTED: msg`这不是可以发送的图片，请选择 JPG、PNG、WebP 或 GIF 图片`,
  IMAGE_DAMAGED: msg`这张图片已损坏，无法打开，请换一张`,
  NOT_FOUND: msg`消息不存在或已被删除`,
  INVALID_STATE: msg`当前状态下无法执行此操作`,
  STORAGE_FAILED: msg`本地存储空间不足或不可用`,
  NETWORK: msg`网络连接失败，请稍后再试`,
  UNAUTHORIZED: msg`登录已失效，请重新登录`,
  SERVER_ERROR: msg`服务器繁忙，请稍后再试`,
  INTERNAL: msg`出现了意外错误，请稍后再试`,
};

/**
 * The message of a worker error code; unknown codes (a newer worker) read as INTERNAL.
 * @example i18n._(messengerErrorMessage(result.error.code))
 */
export function messengerErrorMessage(code: string): MessageDescriptor {
  return Object.hasOwn(SESSION_ERROR_MESSAGES, code)
    ? SESSION_ERROR_MESSAGES[code as MessengerErrorCode]
    : SESSION_ERROR_MESSAGES.INTERNAL;
}
