import type { MailStrings } from '../mail-strings.js';

export const zhHant: MailStrings = {
  resetSubject: '重設密碼',
  resetBody:
    '有人要求重設 {email} 在 Rowbase 上的密碼。\n請在一小時內開啟此連結設定新密碼：{link}\n如果不是您本人操作，請忽略此郵件。',
  inviteSubject: '您受邀加入 Rowbase',
  inviteBody: '{inviter} 邀請您加入 Rowbase。\n開啟此連結設定密碼並登入：{link}',
  inviteBaseSubject: '您受邀加入 Rowbase 上的 {base}',
  inviteBaseBody:
    '{inviter} 邀請您加入 Rowbase 上的資料庫「{base}」。\n開啟此連結設定密碼並開啟資料庫：{link}',
  baseAccessBody: '{inviter} 已將您加入 Rowbase 上的資料庫「{base}」。\n在此開啟：{link}',
  verifySubject: '驗證您的電子郵件地址',
  verifyBody: '開啟此連結以在 Rowbase 上驗證 {email}：{link}',
  testSubject: 'Rowbase 測試郵件',
  testBody: '這是一封來自 Rowbase 的測試郵件：郵件設定運作正常。',
  formSubject: '{form} 有新回覆',
  formBody: '有人在 Rowbase 上填寫了表單「{form}」。\n{answers}\n查看回覆：{link}',
  hookAdded: '{table}：新增記錄：{count}',
  hookUpdated: '{table}：更新記錄：{count}',
  hookDeleted: '{table}：刪除記錄：{count}',
  hookSent: '{table}：手動傳送記錄：{count}',
  hookMore: '… 另有 {count} 筆',
};
