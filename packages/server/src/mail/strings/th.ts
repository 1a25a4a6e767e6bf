import type { MailStrings } from '../mail-strings.js';

export const th: MailStrings = {
  resetSubject: 'รีเซ็ตรหัสผ่าน',
  resetBody:
    'มีผู้ขอรีเซ็ตรหัสผ่านของ {email} บน Rowbase\nเปิดลิงก์นี้ภายในหนึ่งชั่วโมงเพื่อตั้งรหัสผ่านใหม่: {link}\nหากไม่ใช่คุณ โปรดเพิกเฉยต่อข้อความนี้',
  inviteSubject: 'คุณได้รับเชิญเข้าร่วม Rowbase',
  inviteBody: '{inviter} เชิญคุณเข้าร่วม Rowbase\nเปิดลิงก์นี้เพื่อตั้งรหัสผ่านและลงชื่อเข้าใช้: {link}',
  inviteBaseSubject: 'คุณได้รับเชิญเข้าร่วม {base} บน Rowbase',
  inviteBaseBody: '{inviter} เชิญคุณเข้าร่วมเบส "{base}" บน Rowbase\nเปิดลิงก์นี้เพื่อตั้งรหัสผ่านและเปิดเบส: {link}',
  baseAccessBody: '{inviter} เพิ่มคุณเข้าในเบส "{base}" บน Rowbase\nเปิดได้ที่นี่: {link}',
  verifySubject: 'ยืนยันที่อยู่อีเมลของคุณ',
  verifyBody: 'เปิดลิงก์นี้เพื่อยืนยัน {email} บน Rowbase: {link}',
  testSubject: 'อีเมลทดสอบจาก Rowbase',
  testBody: 'นี่คือข้อความทดสอบจาก Rowbase: การตั้งค่าอีเมลใช้งานได้',
  formSubject: 'คำตอบใหม่ใน {form}',
  formBody: 'มีผู้กรอกแบบฟอร์ม "{form}" บน Rowbase\n{answers}\nดูคำตอบ: {link}',
  hookAdded: '{table}: ระเบียนที่เพิ่ม: {count}',
  hookUpdated: '{table}: ระเบียนที่อัปเดต: {count}',
  hookDeleted: '{table}: ระเบียนที่ลบ: {count}',
  hookSent: '{table}: ระเบียนที่ส่งด้วยตนเอง: {count}',
  hookMore: '… และอีก {count} รายการ',
};
