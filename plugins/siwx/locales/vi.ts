/** The siwx plugin's strings in Vietnamese (`vi`), loaded only when a site asks for that locale. */
export default {
  'siwx.title': 'Đăng nhập',
  'siwx.heading': 'Đăng nhập bằng ví của bạn',
  'siwx.body': 'Hãy ký tin nhắn này trong ví để chứng minh bạn sở hữu tài khoản này. Việc ký hoàn toàn miễn phí và không gửi giao dịch nào.',
  'siwx.bodyRequired': 'Hãy ký tin nhắn này trong ví để chứng minh bạn sở hữu tài khoản này. Việc ký hoàn toàn miễn phí và không gửi giao dịch nào. Nếu hủy, bạn sẽ bị ngắt kết nối.',
  'siwx.messageLabel': 'Tin nhắn cần ký',
  'siwx.preparing': 'Đang chuẩn bị tin nhắn…',
  'siwx.authenticating': 'Đang xác thực…',
  'siwx.error': 'Lỗi khi ký tin nhắn',
  'siwx.signedIn': 'Đã đăng nhập',
  'siwx.closeRefused': 'Trang này yêu cầu đăng nhập: hãy ký tin nhắn, hoặc chọn Hủy để ngắt kết nối.',
  'siwx.errorInitializing': 'Đã xảy ra sự cố khi khởi tạo xác thực',
  'siwx.sign': 'Ký',
  'siwx.cancel': 'Hủy',
} satisfies Readonly<Record<string, string>>
