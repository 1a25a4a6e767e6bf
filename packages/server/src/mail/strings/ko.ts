import type { MailStrings } from '../mail-strings.js';

export const ko: MailStrings = {
  resetSubject: '비밀번호 재설정',
  resetBody:
    '누군가 Rowbase에서 {email}의 비밀번호 재설정을 요청했습니다.\n한 시간 안에 이 링크를 열어 새 비밀번호를 정하세요: {link}\n본인이 요청하지 않았다면 이 메시지를 무시하세요.',
  inviteSubject: 'Rowbase에 초대되었습니다',
  inviteBody: '{inviter}님이 Rowbase에 초대했습니다.\n이 링크를 열어 비밀번호를 정하고 로그인하세요: {link}',
  inviteBaseSubject: 'Rowbase의 {base}에 초대되었습니다',
  inviteBaseBody:
    '{inviter}님이 Rowbase의 베이스 "{base}"에 초대했습니다.\n이 링크를 열어 비밀번호를 정하고 베이스를 여세요: {link}',
  baseAccessBody: '{inviter}님이 Rowbase의 베이스 "{base}"에 추가했습니다.\n여기에서 여세요: {link}',
  verifySubject: '이메일 주소를 인증하세요',
  verifyBody: 'Rowbase에서 {email}을(를) 인증하려면 이 링크를 여세요: {link}',
  testSubject: 'Rowbase 테스트 이메일',
  testBody: 'Rowbase의 테스트 메시지입니다. 이메일 설정이 작동합니다.',
  formSubject: '{form}에 새 응답',
  formBody: '누군가 Rowbase에서 "{form}" 양식을 작성했습니다.\n{answers}\n응답 보기: {link}',
  hookAdded: '{table}: 추가된 레코드: {count}',
  hookUpdated: '{table}: 수정된 레코드: {count}',
  hookDeleted: '{table}: 삭제된 레코드: {count}',
  hookSent: '{table}: 수동으로 보낸 레코드: {count}',
  hookMore: '… 외 {count}개',
};
