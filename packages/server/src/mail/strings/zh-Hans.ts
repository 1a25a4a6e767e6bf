import type { MailStrings } from '../mail-strings.js';

export const zhHans: MailStrings = {
  resetSubject: '重置密码',
  resetBody:
    '有人请求重置 {email} 在 Rowbase 上的密码。\n请在一小时内打开此链接设置新密码：{link}\n如果不是您本人操作，请忽略此邮件。',
  inviteSubject: '您受邀加入 Rowbase',
  inviteBody: '{inviter} 邀请您加入 Rowbase。\n打开此链接设置密码并登录：{link}',
  inviteBaseSubject: '您受邀加入 Rowbase 上的 {base}',
  inviteBaseBody: '{inviter} 邀请您加入 Rowbase 上的数据库“{base}”。\n打开此链接设置密码并打开数据库：{link}',
  baseAccessBody: '{inviter} 已将您添加到 Rowbase 上的数据库“{base}”。\n在此打开：{link}',
  verifySubject: '验证您的电子邮件地址',
  verifyBody: '打开此链接以在 Rowbase 上验证 {email}：{link}',
  testSubject: 'Rowbase 测试邮件',
  testBody: '这是一封来自 Rowbase 的测试邮件：邮件设置工作正常。',
  formSubject: '{form} 有新回复',
  formBody: '有人在 Rowbase 上填写了表单“{form}”。\n{answers}\n查看回复：{link}',
  hookAdded: '{table}：新增记录：{count}',
  hookUpdated: '{table}：更新记录：{count}',
  hookDeleted: '{table}：删除记录：{count}',
  hookSent: '{table}：手动发送记录：{count}',
  hookMore: '… 另有 {count} 条',
};
