/** The email-capture plugin's strings in Vietnamese (`vi`), loaded only when a site asks for that locale. */
export default {
  'email-capture.title': 'Luôn cập nhật tin mới',
  'email-capture.intro': '{site} muốn gửi tin cập nhật cho bạn qua email.',
  'email-capture.label': 'Địa chỉ email',
  'email-capture.placeholder': 'ban@example.com',
  'email-capture.consent': 'Khi đăng ký, bạn đồng ý nhận email từ {site}. Chúng tôi sẽ gửi email xác nhận trước, và mọi email đều có liên kết hủy đăng ký.',
  'email-capture.privacy': 'Chính sách quyền riêng tư',
  'email-capture.submit': 'Đăng ký',
  'email-capture.sending': 'Đang gửi…',
  'email-capture.invalid': 'Hãy nhập một địa chỉ email hợp lệ',
  'email-capture.sent': 'Hãy kiểm tra hộp thư: chúng tôi đã gửi liên kết xác nhận đến {email}.',
  'email-capture.confirmed': '{email} đã được xác nhận. Cảm ơn bạn!',
  'email-capture.skip': 'Để sau',
  'email-capture.done': 'Xong',
  'email-capture.off': 'Trang này không thu thập email.',
} satisfies Readonly<Record<string, string>>
