import { ApiError } from './api-error.ts';
import { CognitoError } from './cognito-client.ts';
import type { Lang } from './i18n.ts';
import { format } from './text-format.ts';

type Words = { en: string; th: string };

/** What each API error code means to a shopper. `{product}` is the product a line error is about. */
const API_ERRORS: Record<string, Words> = {
  UNAUTHENTICATED: { en: 'Your session has ended. Please sign in again.', th: 'เซสชันของคุณหมดอายุแล้ว โปรดเข้าสู่ระบบอีกครั้ง' },
  EMPTY_BASKET: {
    en: 'Your basket is empty. Add some products before you place an order.',
    th: 'ตะกร้าของคุณว่างเปล่า โปรดเพิ่มสินค้าก่อนสั่งซื้อ',
  },
  INVALID_QUANTITY: { en: 'Choose a quantity from 1 to 99.', th: 'โปรดเลือกจำนวนตั้งแต่ 1 ถึง 99' },
  ADDRESS_REQUIRED: {
    en: 'For delivery we need your location: enter your postcode or use your current location.',
    th: 'สำหรับการจัดส่ง เราต้องทราบตำแหน่งของคุณ โปรดกรอกรหัสไปรษณีย์หรือใช้ตำแหน่งปัจจุบัน',
  },
  PRICE_UNAVAILABLE: {
    en: '{product} has no price at this branch. Remove it, or choose another branch.',
    th: '{product} ไม่มีราคาที่สาขานี้ โปรดนำออกหรือเลือกสาขาอื่น',
  },
  DELIVERY_UNAVAILABLE: {
    en: 'This branch cannot deliver there. Choose pickup, or another branch.',
    th: 'สาขานี้ไม่สามารถจัดส่งไปยังที่อยู่นั้นได้ โปรดเลือกรับที่สาขาหรือเลือกสาขาอื่น',
  },
  ALCOHOL_NOT_LICENSED: {
    en: '{product} contains alcohol, which this branch may not sell. Remove it, or choose another branch.',
    th: '{product} เป็นเครื่องดื่มแอลกอฮอล์ ซึ่งสาขานี้ไม่ได้รับอนุญาตให้จำหน่าย โปรดนำออกหรือเลือกสาขาอื่น',
  },
  PRODUCT_UNAVAILABLE: {
    en: '{product} is no longer sold online. Remove it from your basket.',
    th: '{product} ไม่มีจำหน่ายทางออนไลน์แล้ว โปรดนำออกจากตะกร้า',
  },
  PRICE_CHANGED: {
    en: 'Prices changed since you placed this order, so it cannot be paid. Place the order again at today’s price.',
    th: 'ราคามีการเปลี่ยนแปลงหลังจากที่คุณสั่งซื้อ จึงไม่สามารถชำระเงินได้ โปรดสั่งซื้อใหม่ในราคาวันนี้',
  },
  OUT_OF_SERVICE_AREA: {
    en: 'We do not serve your location yet: no branch is near enough. Choose a branch from the list.',
    th: 'ยังไม่มีสาขาที่ให้บริการในตำแหน่งของคุณ โปรดเลือกสาขาจากรายการ',
  },
  INVALID_CPRCODE: { en: 'That product does not exist.', th: 'ไม่มีสินค้านี้' },
  NOT_FOUND: { en: 'We could not find that.', th: 'ไม่พบข้อมูลที่ต้องการ' },
  ALREADY_PAID: { en: 'This order is already paid.', th: 'คำสั่งซื้อนี้ชำระเงินแล้ว' },
  INVALID_BRANCH: { en: 'That branch does not exist. Choose another branch.', th: 'ไม่มีสาขานี้ โปรดเลือกสาขาอื่น' },
  INVALID_INPUT: {
    en: 'Something in the form is not right. Check it and try again.',
    th: 'ข้อมูลบางอย่างไม่ถูกต้อง โปรดตรวจสอบแล้วลองอีกครั้ง',
  },
  PAYMENT_LINK_EXPIRED: {
    en: 'The payment link has expired. Start the payment again.',
    th: 'ลิงก์ชำระเงินหมดอายุแล้ว โปรดเริ่มชำระเงินใหม่',
  },
  PAYMENT_LINK_INVALID: {
    en: 'The payment link is not valid. Start the payment again.',
    th: 'ลิงก์ชำระเงินไม่ถูกต้อง โปรดเริ่มชำระเงินใหม่',
  },
  PAYMENT_DECLINED: {
    en: 'The payment was declined. No money moved; you can try again.',
    th: 'การชำระเงินถูกปฏิเสธ ไม่มีการตัดเงิน คุณสามารถลองใหม่ได้',
  },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    en: 'Payment is not available right now. Your order is kept; try paying again in a few minutes.',
    th: 'ระบบชำระเงินไม่พร้อมใช้งานในขณะนี้ คำสั่งซื้อของคุณยังอยู่ โปรดลองชำระเงินอีกครั้งในอีกไม่กี่นาที',
  },
  ORDER_PENDING: {
    en: 'Your order is still being confirmed with the store. Check your orders in a minute before ordering again.',
    th: 'คำสั่งซื้อของคุณกำลังรอการยืนยันจากร้านค้า โปรดตรวจสอบคำสั่งซื้อของคุณในอีกสักครู่ก่อนสั่งซื้อใหม่',
  },
  ORDER_CANCELLED: {
    en: 'This order was cancelled before the store took it. Nothing was charged; place the order again.',
    th: 'คำสั่งซื้อนี้ถูกยกเลิกก่อนที่ร้านค้าจะรับ ไม่มีการเรียกเก็บเงิน โปรดสั่งซื้อใหม่',
  },
  PAYMENT_IN_PROGRESS: {
    en: 'Another payment of this order is under way. Nothing more was charged; wait a moment and look at the order.',
    th: 'มีการชำระเงินของคำสั่งซื้อนี้กำลังดำเนินการอยู่ ไม่มีการเรียกเก็บเงินเพิ่ม โปรดรอสักครู่แล้วตรวจสอบคำสั่งซื้อ',
  },
  PAYMENT_MISMATCH: {
    en: 'That payment did not match this order, so it was refunded in full. Pay again from the order.',
    th: 'การชำระเงินนั้นไม่ตรงกับคำสั่งซื้อนี้ จึงคืนเงินเต็มจำนวนแล้ว โปรดชำระเงินใหม่จากคำสั่งซื้อ',
  },
  IDEMPOTENCY_KEY_REUSED: {
    en: 'This order was already sent. Check your orders before trying again.',
    th: 'ส่งคำสั่งซื้อนี้ไปแล้ว โปรดตรวจสอบคำสั่งซื้อของคุณก่อนลองใหม่',
  },
  RATE_LIMITED: {
    en: 'Too many requests at once. Wait a moment and try again.',
    th: 'มีคำขอมากเกินไป โปรดรอสักครู่แล้วลองอีกครั้ง',
  },
  GROCER_UNAVAILABLE: {
    en: 'The store’s systems are busy. Try again in a moment.',
    th: 'ระบบของร้านค้าไม่ว่างในขณะนี้ โปรดลองอีกครั้งในอีกสักครู่',
  },
  SEARCH_UNAVAILABLE: {
    en: 'Search is not available right now. Browse the categories instead.',
    th: 'ระบบค้นหาไม่พร้อมใช้งานในขณะนี้ โปรดเลือกดูตามหมวดหมู่แทน',
  },
  PARTNER_KEY_INVALID: {
    en: 'This shop is not set up correctly: its partner key was refused.',
    th: 'ร้านค้านี้ตั้งค่าไม่ถูกต้อง: คีย์พาร์ทเนอร์ถูกปฏิเสธ',
  },
  NETWORK: {
    en: 'We cannot reach the shop. Check your connection and try again.',
    th: 'ไม่สามารถเชื่อมต่อร้านค้าได้ โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง',
  },
  INTERNAL: { en: 'Something went wrong on our side. Please try again.', th: 'เกิดข้อผิดพลาดในระบบ โปรดลองอีกครั้ง' },
};

/** INVALID_INPUT about a known field says what to fix. */
const FIELD_ERRORS: Record<string, Words> = {
  'input.postcode': { en: 'A Thai postcode is five digits, e.g. 10110.', th: 'รหัสไปรษณีย์ไทยมี 5 หลัก เช่น 10110' },
  'input.couponCodes': { en: 'Use at most five coupons, each a short code.', th: 'ใช้คูปองได้ไม่เกิน 5 ใบ' },
  query: { en: 'Type a shorter search.', th: 'โปรดพิมพ์คำค้นหาที่สั้นลง' },
};

/** DELIVERY_UNAVAILABLE while looking a postcode up means nobody serves it. */
const POSTCODE_UNSERVED: Words = {
  en: 'No branch serves postcode {postcode} yet. Check the postcode, or choose a branch from the list for pickup.',
  th: 'ยังไม่มีสาขาที่ให้บริการรหัสไปรษณีย์ {postcode} โปรดตรวจสอบรหัสไปรษณีย์ หรือเลือกสาขาจากรายการเพื่อรับสินค้าที่สาขา',
};

const COGNITO_ERRORS: Record<string, Words> = {
  CodeMismatchException: {
    en: 'That code is not right. Check the newest e-mail and try again.',
    th: 'รหัสไม่ถูกต้อง โปรดตรวจสอบอีเมลฉบับล่าสุดแล้วลองอีกครั้ง',
  },
  ExpiredCodeException: { en: 'That code has expired. Ask for a new one.', th: 'รหัสนี้หมดอายุแล้ว โปรดขอรหัสใหม่' },
  InvalidPasswordException: {
    en: 'Choose a stronger password: at least 8 characters, with upper- and lower-case letters, a number and a symbol.',
    th: 'โปรดตั้งรหัสผ่านที่ปลอดภัยขึ้น: อย่างน้อย 8 ตัวอักษร มีตัวพิมพ์ใหญ่ ตัวพิมพ์เล็ก ตัวเลข และสัญลักษณ์',
  },
  UsernameExistsException: {
    en: 'There is already an account with this e-mail. Sign in instead.',
    th: 'มีบัญชีที่ใช้อีเมลนี้อยู่แล้ว โปรดเข้าสู่ระบบแทน',
  },
  NotAuthorizedException: { en: 'Wrong e-mail or password.', th: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง' },
  UserNotFoundException: { en: 'Wrong e-mail or password.', th: 'อีเมลหรือรหัสผ่านไม่ถูกต้อง' },
  UserNotConfirmedException: {
    en: 'Confirm your e-mail first: enter the code we sent you.',
    th: 'โปรดยืนยันอีเมลก่อน: กรอกรหัสที่เราส่งให้คุณ',
  },
  TooManyFailedAttemptsException: {
    en: 'Too many wrong codes. Ask for a new code.',
    th: 'กรอกรหัสผิดหลายครั้งเกินไป โปรดขอรหัสใหม่',
  },
  LimitExceededException: {
    en: 'Too many codes were sent. Wait a while and try again.',
    th: 'ส่งรหัสหลายครั้งเกินไป โปรดรอสักครู่แล้วลองใหม่',
  },
  TooManyRequestsException: {
    en: 'Too many tries at once. Wait a moment and try again.',
    th: 'มีการลองหลายครั้งเกินไป โปรดรอสักครู่แล้วลองใหม่',
  },
  InvalidParameterException: { en: 'Check your e-mail address and try again.', th: 'โปรดตรวจสอบอีเมลของคุณแล้วลองอีกครั้ง' },
  NetworkError: {
    en: 'We cannot reach the sign-in service. Check your connection and try again.',
    th: 'ไม่สามารถเชื่อมต่อระบบเข้าสู่ระบบได้ โปรดตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง',
  },
  UnsupportedChallenge: {
    en: 'This account needs a sign-in step this shop does not offer.',
    th: 'บัญชีนี้ต้องใช้ขั้นตอนเข้าสู่ระบบที่ร้านค้านี้ไม่รองรับ',
  },
};

const PASSWORD_LOCKED: Words = {
  en: 'Too many wrong passwords. Wait 15 minutes and try again.',
  th: 'กรอกรหัสผ่านผิดหลายครั้งเกินไป โปรดรอ 15 นาทีแล้วลองอีกครั้ง',
};
const SESSION_EXPIRED: Words = {
  en: 'Signing in took too long. Start again with your password.',
  th: 'การเข้าสู่ระบบใช้เวลานานเกินไป โปรดเริ่มใหม่ด้วยรหัสผ่านของคุณ',
};
const FALLBACK: Words = { en: 'Something went wrong. Please try again.', th: 'เกิดข้อผิดพลาด โปรดลองอีกครั้ง' };

export interface ErrorContext {
  /** Names the product of a line error (`lines.N.cprcode`). */
  productName?: (field: string) => string | null;
  /** The postcode being looked up, for DELIVERY_UNAVAILABLE from the branch finder. */
  postcode?: string;
}

/** The code of an error, for tests and logic: API codes, Cognito types, or `UNKNOWN`. */
export function errorCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  if (error instanceof CognitoError) return error.type;
  return 'UNKNOWN';
}

/** An error in words a shopper understands, in their language. */
export function errorText(error: unknown, lang: Lang, context: ErrorContext = {}): string {
  if (error instanceof ApiError) {
    if (error.code === 'DELIVERY_UNAVAILABLE' && context.postcode !== undefined && error.field === 'input.postcode')
      return format(POSTCODE_UNSERVED[lang], { postcode: context.postcode });
    if (error.code === 'INVALID_INPUT' && error.field && FIELD_ERRORS[error.field])
      return FIELD_ERRORS[error.field]![lang];
    const words = API_ERRORS[error.code];
    if (!words) return lang === 'en' ? error.message : FALLBACK.th;
    const product = (error.field && context.productName?.(error.field)) || (lang === 'en' ? 'A product' : 'สินค้าชิ้นหนึ่ง');
    return format(words[lang], { product });
  }
  if (error instanceof CognitoError) {
    if (error.type === 'NotAuthorizedException' && /attempts exceeded/i.test(error.message))
      return PASSWORD_LOCKED[lang];
    if (error.type === 'NotAuthorizedException' && /session/i.test(error.message)) return SESSION_EXPIRED[lang];
    return (COGNITO_ERRORS[error.type] ?? FALLBACK)[lang];
  }
  return FALLBACK[lang];
}

/** Why a coupon could not be used (`Quote.failedCoupons[].reason`). */
const COUPON_REASONS: Record<string, Words> = {
  UNKNOWN: { en: 'There is no such coupon.', th: 'ไม่มีคูปองนี้' },
  EXPIRED: { en: 'This coupon has expired.', th: 'คูปองนี้หมดอายุแล้ว' },
  NOT_STARTED: { en: 'This coupon cannot be used yet.', th: 'คูปองนี้ยังไม่เริ่มใช้งาน' },
  MIN_SPEND: { en: 'Your basket does not reach this coupon’s minimum spend yet.', th: 'ยอดซื้อยังไม่ถึงขั้นต่ำของคูปองนี้' },
  CATEGORY: { en: 'None of your products qualify for this coupon.', th: 'ไม่มีสินค้าในตะกร้าที่ใช้คูปองนี้ได้' },
  USAGE_LIMIT: { en: 'This coupon has been used up.', th: 'คูปองนี้ถูกใช้ครบจำนวนแล้ว' },
  DUPLICATE: { en: 'You entered this coupon twice.', th: 'คุณใส่คูปองนี้ซ้ำ' },
  NOT_COMBINABLE: {
    en: 'This coupon cannot be combined with another coupon you chose.',
    th: 'คูปองนี้ใช้ร่วมกับคูปองอื่นที่คุณเลือกไม่ได้',
  },
  FULFILMENT: { en: 'This coupon is for delivery orders only.', th: 'คูปองนี้ใช้ได้กับการจัดส่งเท่านั้น' },
};

export function couponReasonText(reason: string, message: string | undefined, lang: Lang): string {
  const words = COUPON_REASONS[reason];
  if (words) return words[lang];
  return lang === 'en' && message ? message : FALLBACK[lang];
}
