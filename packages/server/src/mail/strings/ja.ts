import type { MailStrings } from '../mail-strings.js';

export const ja: MailStrings = {
  resetSubject: 'パスワードの再設定',
  resetBody:
    'Rowbase で {email} のパスワード再設定が依頼されました。\n1 時間以内にこのリンクを開いて新しいパスワードを設定してください: {link}\n心当たりがない場合は、このメッセージを無視してください。',
  inviteSubject: 'Rowbase に招待されました',
  inviteBody:
    '{inviter} さんが Rowbase にあなたを招待しました。\nこのリンクを開いてパスワードを設定し、サインインしてください: {link}',
  inviteBaseSubject: 'Rowbase の {base} に招待されました',
  inviteBaseBody:
    '{inviter} さんが Rowbase のベース「{base}」にあなたを招待しました。\nこのリンクを開いてパスワードを設定し、ベースを開いてください: {link}',
  baseAccessBody:
    '{inviter} さんが Rowbase のベース「{base}」にあなたを追加しました。\nこちらから開けます: {link}',
  verifySubject: 'メールアドレスを確認してください',
  verifyBody: 'Rowbase で {email} を確認するには、このリンクを開いてください: {link}',
  testSubject: 'Rowbase のテストメール',
  testBody: 'これは Rowbase からのテストメッセージです。メール設定は正常に動作しています。',
  formSubject: '{form} に新しい回答',
  formBody: 'Rowbase でフォーム「{form}」に回答がありました。\n{answers}\n回答を見る: {link}',
  hookAdded: '{table}：追加されたレコード：{count}',
  hookUpdated: '{table}：更新されたレコード：{count}',
  hookDeleted: '{table}：削除されたレコード：{count}',
  hookSent: '{table}：手動で送信されたレコード：{count}',
  hookMore: '… ほか {count} 件',
};
