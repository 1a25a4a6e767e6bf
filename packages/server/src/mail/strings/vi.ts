import type { MailStrings } from '../mail-strings.js';

export const vi: MailStrings = {
  resetSubject: 'Đặt lại mật khẩu',
  resetBody:
    'Có người yêu cầu đặt lại mật khẩu của {email} trên Rowbase.\nMở liên kết này trong vòng một giờ để chọn mật khẩu mới: {link}\nNếu không phải bạn, hãy bỏ qua thư này.',
  inviteSubject: 'Bạn được mời tham gia Rowbase',
  inviteBody: '{inviter} đã mời bạn tham gia Rowbase.\nMở liên kết này để chọn mật khẩu và đăng nhập: {link}',
  inviteBaseSubject: 'Bạn được mời vào {base} trên Rowbase',
  inviteBaseBody:
    '{inviter} đã mời bạn vào cơ sở "{base}" trên Rowbase.\nMở liên kết này để chọn mật khẩu và mở cơ sở: {link}',
  baseAccessBody: '{inviter} đã thêm bạn vào cơ sở "{base}" trên Rowbase.\nMở tại đây: {link}',
  verifySubject: 'Xác minh địa chỉ email của bạn',
  verifyBody: 'Mở liên kết này để xác minh {email} trên Rowbase: {link}',
  testSubject: 'Email thử nghiệm của Rowbase',
  testBody: 'Đây là thư thử nghiệm từ Rowbase: cài đặt email đang hoạt động.',
  formSubject: 'Phản hồi mới cho {form}',
  formBody: 'Có người đã điền biểu mẫu "{form}" trên Rowbase.\n{answers}\nXem các phản hồi: {link}',
  hookAdded: '{table}: bản ghi được thêm: {count}',
  hookUpdated: '{table}: bản ghi được cập nhật: {count}',
  hookDeleted: '{table}: bản ghi bị xóa: {count}',
  hookSent: '{table}: bản ghi được gửi thủ công: {count}',
  hookMore: '… và {count} bản ghi khác',
};
