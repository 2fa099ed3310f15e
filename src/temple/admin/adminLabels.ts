// Translated names the admin pages show: roles, application statuses, audit actions and targets.
import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AdminRole, AuditAction } from "#contract";
import type { ManagerStatus } from "./adminApi";

export const ROLE_LABELS: Readonly<Record<AdminRole, MessageDescriptor>> = {
  admin: msg`管理员`,
  service: msg`客服`,
  monk: msg`法师`,
  manager: msg`推广经理`,
};

export const STATUS_LABELS: Readonly<Record<ManagerStatus, MessageDescriptor>> =
  {
    pending: msg`待审核`,
    approved: msg`已通过`,
    rejected: msg`已拒绝`,
  };

export const STATUS_EMPTY: Readonly<Record<ManagerStatus, MessageDescriptor>> =
  {
    pending: msg`没有待审核的申请`,
    approved: msg`还没有通过的申请`,
    rejected: msg`还没有拒绝的申请`,
  };

export const ACTION_LABELS: Readonly<Record<AuditAction, MessageDescriptor>> = {
  "order.fulfil": msg`订单进度`,
  "refund.request": msg`申请退款`,
  "refund.approve": msg`同意退款`,
  "refund.decline": msg`拒绝退款`,
  "refund.refused": msg`退款被微信支付拒绝`,
  "refund.settle": msg`退款完成`,
  "user.role": msg`身份变更`,
  "user.ban": msg`封禁用户`,
  "user.unban": msg`解除封禁`,
  "manager.approve": msg`通过经理申请`,
  "manager.reject": msg`拒绝经理申请`,
  "product.create": msg`新建商品`,
  "product.edit": msg`编辑商品`,
  "product.hide": msg`下架商品`,
  "product.show": msg`上架商品`,
  "quickReply.save": msg`保存快捷回复`,
  "quickReply.delete": msg`删除快捷回复`,
  "customerNote.save": msg`客户备注`,
  "chat.handOff": msg`转交会话`,
};

export const TARGET_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  order: msg`订单`,
  refund: msg`退款`,
  user: msg`用户`,
  product: msg`商品`,
  quickReply: msg`快捷回复`,
  managerApplication: msg`经理申请`,
};

/** Who made a role change: the admin pages or the operator's command line. */
export const VIA_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  admin: msg`管理后台`,
  "admin-cli": msg`命令行`,
};

/** The audit details' keys the pages name (others show as stored). */
export const DETAIL_LABELS: Readonly<Record<string, MessageDescriptor>> = {
  role: msg`身份`,
  on: msg`变更`,
  by: msg`途径`,
  reason: msg`理由`,
  userId: msg`用户编号`,
  status: msg`状态`,
  note: msg`备注`,
  slug: msg`链接名`,
  options: msg`规格数`,
  changed: msg`改动`,
  prices: msg`调价`,
  added: msg`新增规格`,
  removed: msg`删除规格`,
};

/** The product fields a `product.edit` record names as changed. */
export const PRODUCT_FIELD_LABELS: Readonly<Record<string, MessageDescriptor>> =
  {
    category: msg`类别`,
    title: msg`名称`,
    summary: msg`简介`,
    description: msg`详细介绍`,
    cover: msg`封面`,
    monkId: msg`法师`,
    askBeneficiary: msg`填写受益人`,
    askWish: msg`填写心愿`,
    askBirthDate: msg`填写生辰`,
    sortOrder: msg`排序`,
  };
