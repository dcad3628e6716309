/** The email-capture plugin's strings in Thai (`th`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'ไม่พลาดข่าวสาร',
  'email-capture.intro': '{site} ต้องการส่งข่าวสารอัปเดตให้คุณทางอีเมล',
  'email-capture.label': 'อีเมล',
  'email-capture.placeholder': 'you@example.com',
  'email-capture.consent': 'เมื่อสมัครรับข่าวสาร ถือว่าคุณยินยอมรับอีเมลจาก {site} เราจะส่งอีเมลยืนยันให้ก่อน และทุกอีเมลมีลิงก์สำหรับยกเลิกการรับข่าวสาร',
  'email-capture.privacy': 'นโยบายความเป็นส่วนตัว',
  'email-capture.submit': 'สมัครรับข่าวสาร',
  'email-capture.sending': 'กำลังส่ง…',
  'email-capture.invalid': 'กรอกอีเมลที่ถูกต้อง',
  'email-capture.sent': 'ตรวจสอบกล่องจดหมายของคุณ: เราได้ส่งลิงก์ยืนยันไปที่ {email} แล้ว',
  'email-capture.confirmed': '{email} ได้รับการยืนยันแล้ว ขอบคุณ!',
  'email-capture.skip': 'ไว้ทีหลัง',
  'email-capture.done': 'เสร็จสิ้น',
  'email-capture.off': 'เว็บไซต์นี้ไม่เก็บอีเมล',
} satisfies Readonly<Record<string, string>>
