/**
 * The words shoppers use for concepts that cut across categories ("breakfast", "ของหวาน", "bbq"),
 * added to the keywords of every product tagged with the concept so that search can find them.
 */
import type { ConceptTag } from './types.ts';

export const CONCEPT_KEYWORDS: Readonly<Record<ConceptTag, readonly string[]>> = {
  breakfast: ['breakfast', 'morning', 'อาหารเช้า'],
  dessert: ['dessert', 'sweets', 'ของหวาน', 'ขนมหวาน'],
  bbq: ['bbq', 'barbecue', 'grill', 'บาร์บีคิว', 'ปิ้งย่าง', 'หมูกระทะ'],
  baby: ['baby', 'infant', 'newborn', 'เด็ก', 'ทารก', 'ลูกน้อย', 'แม่และเด็ก'],
  kids: ['kids', 'children', 'lunchbox', 'เด็ก', 'ลูก'],
  healthy: ['healthy', 'health', 'wellness', 'สุขภาพ', 'เพื่อสุขภาพ'],
  snack: ['snack', 'snacks', 'ขนม', 'ของว่าง', 'ขนมขบเคี้ยว'],
  party: ['party', 'celebration', 'ปาร์ตี้', 'สังสรรค์'],
  cooking: ['cooking', 'ingredient', 'ทำอาหาร', 'วัตถุดิบ'],
  fresh: ['fresh', 'สด', 'ของสด'],
  frozen: ['frozen', 'แช่แข็ง'],
  japanese: ['japanese', 'japan', 'ญี่ปุ่น', 'อาหารญี่ปุ่น'],
  korean: ['korean', 'korea', 'เกาหลี', 'อาหารเกาหลี'],
  thai: ['thai food', 'thai', 'อาหารไทย', 'ไทย'],
  western: ['western', 'อาหารฝรั่ง', 'อาหารตะวันตก'],
  vegetarian: ['vegetarian', 'vegan', 'plant based', 'มังสวิรัติ', 'เจ', 'วีแกน'],
  drink: ['drink', 'beverage', 'เครื่องดื่ม'],
  alcohol: ['alcohol', 'liquor', 'booze', 'แอลกอฮอล์', 'เหล้า', 'สุรา'],
  coffee: ['coffee', 'caffeine', 'กาแฟ'],
  cleaning: ['cleaning', 'clean', 'ทำความสะอาด'],
  beauty: ['beauty', 'personal care', 'ความงาม', 'ดูแลตัวเอง'],
  pet: ['pet', 'pets', 'สัตว์เลี้ยง'],
  'ready-meal': ['ready meal', 'ready to eat', 'อาหารพร้อมทาน', 'อาหารสำเร็จรูป'],
  seafood: ['seafood', 'อาหารทะเล', 'ซีฟู้ด'],
  imported: ['imported', 'นำเข้า'],
};
