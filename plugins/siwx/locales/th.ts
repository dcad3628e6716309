/** The siwx plugin's strings in Thai (`th`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'เข้าสู่ระบบ',
  'siwx.heading': 'เข้าสู่ระบบด้วยกระเป๋าเงินของคุณ',
  'siwx.body': 'ลงนามข้อความนี้ในกระเป๋าเงินของคุณเพื่อยืนยันว่าคุณเป็นเจ้าของบัญชีนี้ การลงนามไม่มีค่าใช้จ่ายและไม่มีการส่งธุรกรรมใดๆ',
  'siwx.bodyRequired': 'ลงนามข้อความนี้ในกระเป๋าเงินของคุณเพื่อยืนยันว่าคุณเป็นเจ้าของบัญชีนี้ การลงนามไม่มีค่าใช้จ่ายและไม่มีการส่งธุรกรรมใดๆ หากยกเลิก ระบบจะยกเลิกการเชื่อมต่อของคุณ',
  'siwx.messageLabel': 'ข้อความที่ต้องลงนาม',
  'siwx.preparing': 'กำลังเตรียมข้อความ…',
  'siwx.authenticating': 'กำลังยืนยันตัวตน…',
  'siwx.error': 'ลงนามข้อความไม่สำเร็จ',
  'siwx.signedIn': 'เข้าสู่ระบบแล้ว',
  'siwx.closeRefused': 'เว็บไซต์นี้กำหนดให้ต้องเข้าสู่ระบบ: ลงนามข้อความ หรือกด “ยกเลิก” เพื่อยกเลิกการเชื่อมต่อ',
  'siwx.errorInitializing': 'เกิดปัญหาขณะเริ่มการยืนยันตัวตน',
  'siwx.sign': 'ลงนาม',
  'siwx.cancel': 'ยกเลิก',
} satisfies Readonly<Record<string, string>>
