/** Fresh departments: fruit and vegetables, meat and poultry, fish and seafood. */
import type { L1Def } from './types.ts';

const PRODUCE_BRANDS = [null, null, 'myChoice', 'royalProject'] as const;
const MEAT_BRANDS = [null, 'cp', 'betagro', 'sPure', 'myChoice'] as const;

export const FRUIT_AND_VEGETABLES: L1Def = {
  code: '10',
  en: 'Fruit & Vegetables',
  th: 'ผักและผลไม้',
  tags: ['fresh', 'healthy'],
  l2: [
    {
      en: 'Fresh Fruit',
      th: 'ผลไม้สด',
      kw: ['fruit', 'ผลไม้'],
      l3: [
        {
          en: 'Tropical Fruit', th: 'ผลไม้เมืองร้อน', brands: PRODUCE_BRANDS, variants: 'fruitGrade', sizes: 'fruitKg', countries: ['Thailand'],
          kinds: [
            ['Banana Kluai Hom', 'กล้วยหอมทอง', 45, { kw: ['banana', 'กล้วย'], tags: ['breakfast'] }],
            ['Banana Kluai Nam Wa', 'กล้วยน้ำว้า', 35, { kw: ['banana', 'กล้วย'] }],
            ['Papaya', 'มะละกอ', 35, { kw: ['papaya', 'pawpaw'] }],
            ['Pineapple', 'สับปะรด', 45, { sizes: 'fruitEach', kw: ['pineapple', 'ananas'] }],
            ['Guava', 'ฝรั่ง', 40, { kw: ['guava'] }],
            ['Young Coconut', 'มะพร้าวน้ำหอม', 35, { sizes: 'fruitEach', kw: ['coconut', 'มะพร้าว'] }],
            ['Dragon Fruit', 'แก้วมังกร', 59, { kw: ['pitaya', 'dragonfruit'] }],
          ],
        },
        {
          en: 'Seasonal Thai Fruit', th: 'ผลไม้ตามฤดูกาล', brands: PRODUCE_BRANDS, variants: 'fruitGrade', sizes: 'fruitKg', countries: ['Thailand'],
          kinds: [
            ['Mango Nam Dok Mai', 'มะม่วงน้ำดอกไม้', 89, { kw: ['mango', 'มะม่วง'], tags: ['dessert'] }],
            ['Green Mango Khiao Sawoei', 'มะม่วงเขียวเสวย', 69, { kw: ['mango', 'มะม่วง'] }],
            ['Mangosteen', 'มังคุด', 80, { kw: ['mangosteen'] }],
            ['Rambutan', 'เงาะโรงเรียน', 60, { kw: ['rambutan', 'เงาะ'] }],
            ['Durian Monthong', 'ทุเรียนหมอนทอง', 250, { kw: ['durian', 'ทุเรียน', 'king of fruits'] }],
            ['Longan', 'ลำไย', 70, { kw: ['longan', 'dragon eye'] }],
            ['Lychee', 'ลิ้นจี่', 99, { kw: ['lychee', 'litchi'] }],
            ['Longkong', 'ลองกอง', 70, { kw: ['longkong', 'langsat'] }],
            ['Sweet Tamarind', 'มะขามหวาน', 120, { kw: ['tamarind', 'มะขาม'] }],
            ['Rose Apple', 'ชมพู่', 59, { kw: ['rose apple', 'wax apple'] }],
            ['Jackfruit', 'ขนุน', 69, { kw: ['jackfruit'] }],
            ['Salak', 'สละ', 90, { kw: ['salak', 'snake fruit'] }],
          ],
        },
        {
          en: 'Citrus & Melons', th: 'ส้มและแตง', brands: PRODUCE_BRANDS, variants: 'fruitGrade', sizes: 'fruitKg', countries: ['Thailand'],
          kinds: [
            ['Som Sai Nam Phueng Orange', 'ส้มสายน้ำผึ้ง', 79, { kw: ['orange', 'tangerine', 'ส้ม'] }],
            ['Pomelo Khao Tang Kwa', 'ส้มโอขาวแตงกวา', 80, { sizes: 'fruitEach', kw: ['pomelo', 'ส้มโอ'] }],
            ['Watermelon', 'แตงโม', 39, { sizes: 'fruitEach', kw: ['watermelon'] }],
            ['Cantaloupe', 'แคนตาลูป', 69, { sizes: 'fruitEach', kw: ['melon', 'rock melon', 'เมลอน'] }],
            ['Japanese Melon', 'เมลอนญี่ปุ่น', 199, { sizes: 'fruitEach', kw: ['melon', 'เมลอน'] }],
          ],
        },
        {
          en: 'Apples & Pears', th: 'แอปเปิ้ลและสาลี่', brands: [null, 'sunkist', 'myChoice'], variants: 'importedFruit', sizes: 'fruitKg', tags: ['imported'],
          kinds: [
            ['Fuji Apple', 'แอปเปิ้ลฟูจิ', 120, { kw: ['apple', 'แอปเปิ้ล'] }],
            ['Gala Apple', 'แอปเปิ้ลกาล่า', 110, { kw: ['apple', 'แอปเปิ้ล'] }],
            ['Green Apple', 'แอปเปิ้ลเขียว', 115, { kw: ['apple', 'granny smith', 'แอปเปิ้ล'] }],
            ['Chinese Pear', 'สาลี่หอม', 89, { kw: ['pear', 'สาลี่'] }],
            ['Nashi Pear', 'สาลี่หิมะ', 139, { kw: ['pear', 'asian pear', 'สาลี่'] }],
          ],
        },
        {
          en: 'Berries & Grapes', th: 'เบอร์รีและองุ่น', brands: [null, 'royalProject', 'doiKham', 'sunkist'], variants: 'importedFruit', sizes: 'berries', tags: ['imported'],
          kinds: [
            ['Red Seedless Grapes', 'องุ่นแดงไร้เมล็ด', 129, { kw: ['grape', 'องุ่น'] }],
            ['Green Seedless Grapes', 'องุ่นเขียวไร้เมล็ด', 139, { kw: ['grape', 'องุ่น'] }],
            ['Shine Muscat Grapes', 'องุ่นไชน์มัสแคท', 299, { kw: ['grape', 'muscat', 'องุ่น'] }],
            ['Strawberry', 'สตรอว์เบอร์รี', 119, { kw: ['strawberry', 'สตรอเบอร์รี่'], tags: ['dessert'] }],
            ['Blueberry', 'บลูเบอร์รี', 139, { kw: ['blueberry', 'บลูเบอร์รี่'], tags: ['breakfast'] }],
            ['Cherry', 'เชอร์รี', 249, { kw: ['cherries', 'เชอร์รี่'] }],
          ],
        },
        {
          en: 'Imported Fruit', th: 'ผลไม้นำเข้า', brands: [null, 'zespri', 'sunkist', 'dole', 'delMonte'], variants: 'importedFruit', sizes: 'fruitEach', tags: ['imported'],
          kinds: [
            ['Kiwifruit', 'กีวี', 25, { kw: ['kiwi', 'กีวี่'] }],
            ['Avocado', 'อะโวคาโด', 49, { kw: ['avocado', 'อะโวคาโด้'], tags: ['healthy', 'breakfast'] }],
            ['Navel Orange', 'ส้มเนเวล', 29, { kw: ['orange', 'ส้ม'] }],
            ['Persimmon', 'ลูกพลับ', 35, { kw: ['persimmon', 'พลับ'] }],
            ['Mandarin Orange', 'ส้มแมนดาริน', 25, { kw: ['mandarin', 'ส้ม'] }],
          ],
        },
      ],
    },
    {
      en: 'Fresh Vegetables',
      th: 'ผักสด',
      kw: ['vegetables', 'veggies', 'ผัก'],
      tags: ['cooking'],
      l3: [
        {
          en: 'Leafy Greens', th: 'ผักใบเขียว', brands: PRODUCE_BRANDS, variants: 'produce', sizes: 'leafy', countries: ['Thailand'],
          kinds: [
            ['Morning Glory', 'ผักบุ้ง', 20, { kw: ['water spinach', 'kangkong', 'ผักบุ้งจีน'] }],
            ['Chinese Kale', 'คะน้า', 25, { kw: ['kailan', 'chinese broccoli', 'gai lan'] }],
            ['Bok Choy', 'ผักกวางตุ้ง', 22, { kw: ['pak choi', 'choy sum', 'กวางตุ้ง'] }],
            ['Chinese Cabbage', 'ผักกาดขาว', 29, { kw: ['napa cabbage', 'wombok'] }],
            ['Spinach', 'ผักโขม', 35, { kw: ['spinach'] }],
            ['Green Oak Lettuce', 'ผักกาดหอมกรีนโอ๊ค', 45, { kw: ['lettuce', 'salad', 'ผักสลัด'] }],
            ['Iceberg Lettuce', 'ผักกาดแก้ว', 49, { kw: ['lettuce', 'salad', 'ผักสลัด'] }],
          ],
        },
        {
          en: 'Root Vegetables & Onions', th: 'ผักหัวและหอมกระเทียม', brands: PRODUCE_BRANDS, variants: 'produce', sizes: 'vegPack', countries: ['Thailand', 'China'],
          kinds: [
            ['Potato', 'มันฝรั่ง', 39, { kw: ['potatoes'] }],
            ['Carrot', 'แครอท', 29, { kw: ['carrots'] }],
            ['Onion', 'หอมหัวใหญ่', 35, { kw: ['onions', 'brown onion'] }],
            ['Shallot', 'หอมแดง', 45, { kw: ['shallots', 'red onion'] }],
            ['Garlic', 'กระเทียม', 59, { kw: ['garlic'] }],
            ['Sweet Potato', 'มันเทศ', 39, { kw: ['yam', 'sweet potato'] }],
            ['Taro', 'เผือก', 45, { kw: ['taro root'] }],
            ['Ginger', 'ขิง', 49, { kw: ['ginger root'] }],
            ['Radish', 'หัวไชเท้า', 25, { kw: ['daikon', 'white radish'] }],
          ],
        },
        {
          en: 'Fruit Vegetables', th: 'ผักผล', brands: PRODUCE_BRANDS, variants: 'produce', sizes: 'vegPack', countries: ['Thailand'],
          kinds: [
            ['Tomato', 'มะเขือเทศ', 35, { kw: ['tomatoes'] }],
            ['Cherry Tomato', 'มะเขือเทศเชอร์รี', 49, { kw: ['tomatoes', 'salad'] }],
            ['Cucumber', 'แตงกวา', 25, { kw: ['cucumbers'] }],
            ['Thai Eggplant', 'มะเขือเปราะ', 30, { kw: ['eggplant', 'aubergine', 'มะเขือ'] }],
            ['Long Eggplant', 'มะเขือยาว', 30, { kw: ['eggplant', 'aubergine', 'มะเขือ'] }],
            ['Bell Pepper', 'พริกหวาน', 69, { kw: ['capsicum', 'sweet pepper'] }],
            ['Pumpkin', 'ฟักทอง', 35, { kw: ['squash', 'kabocha'] }],
            ['Bitter Gourd', 'มะระ', 35, { kw: ['bitter melon'] }],
            ['Zucchini', 'ซูกินี', 59, { kw: ['courgette'] }],
          ],
        },
        {
          en: 'Beans, Corn & Brassicas', th: 'ถั่ว ข้าวโพด และกะหล่ำ', brands: PRODUCE_BRANDS, variants: 'produce', sizes: 'vegPack', countries: ['Thailand'],
          kinds: [
            ['Yardlong Bean', 'ถั่วฝักยาว', 29, { kw: ['long bean', 'snake bean'] }],
            ['Okra', 'กระเจี๊ยบเขียว', 35, { kw: ['ladies finger'] }],
            ['Baby Corn', 'ข้าวโพดอ่อน', 29, { kw: ['corn'] }],
            ['Sweet Corn', 'ข้าวโพดหวาน', 35, { kw: ['corn', 'maize'] }],
            ['Broccoli', 'บรอกโคลี', 59, { kw: ['broccoli', 'บร็อคโคลี่'] }],
            ['Cauliflower', 'กะหล่ำดอก', 49, { kw: ['cauliflower'] }],
            ['Cabbage', 'กะหล่ำปลี', 29, { kw: ['white cabbage'] }],
            ['Bean Sprouts', 'ถั่วงอก', 15, { kw: ['mung bean sprouts'] }],
          ],
        },
        {
          en: 'Mushrooms', th: 'เห็ด', brands: [null, 'myChoice', 'royalProject'], variants: 'produce', sizes: 'mushroom', countries: ['Thailand', 'China', 'South Korea'],
          kinds: [
            ['Shiitake Mushroom', 'เห็ดหอม', 59, { kw: ['shiitake'] }],
            ['Enoki Mushroom', 'เห็ดเข็มทอง', 25, { kw: ['enoki', 'golden needle'] }],
            ['Oyster Mushroom', 'เห็ดนางฟ้า', 29, { kw: ['oyster mushroom'] }],
            ['Straw Mushroom', 'เห็ดฟาง', 45, { kw: ['straw mushroom'] }],
            ['King Oyster Mushroom', 'เห็ดออรินจิ', 49, { kw: ['eryngii', 'king trumpet'] }],
            ['Shimeji Mushroom', 'เห็ดชิเมจิ', 45, { kw: ['shimeji', 'beech mushroom'] }],
          ],
        },
      ],
    },
    {
      en: 'Fresh Herbs',
      th: 'สมุนไพรสด',
      kw: ['herbs', 'สมุนไพร'],
      tags: ['cooking'],
      l3: [
        {
          en: 'Thai Herbs', th: 'สมุนไพรไทย', brands: PRODUCE_BRANDS, variants: 'produce', sizes: 'herbs', countries: ['Thailand'], tags: ['thai'],
          kinds: [
            ['Lemongrass', 'ตะไคร้', 15, { kw: ['lemon grass', 'tom yum'] }],
            ['Kaffir Lime Leaves', 'ใบมะกรูด', 15, { kw: ['makrut lime leaves', 'lime leaf'] }],
            ['Galangal', 'ข่า', 20, { kw: ['thai ginger', 'tom yum'] }],
            ['Thai Basil', 'โหระพา', 12, { kw: ['sweet basil', 'basil'] }],
            ['Holy Basil', 'กะเพรา', 12, { kw: ['kaphrao', 'basil', 'กระเพรา'] }],
            ['Coriander', 'ผักชี', 15, { kw: ['cilantro', 'coriander leaves'] }],
            ['Spring Onion', 'ต้นหอม', 15, { kw: ['scallion', 'green onion'] }],
            ['Mint', 'สะระแหน่', 15, { kw: ['mint leaves'] }],
            ['Pandan Leaves', 'ใบเตย', 10, { kw: ['screwpine', 'pandan'] }],
            ['Garlic Chives', 'กุยช่าย', 20, { kw: ['chinese chives'] }],
          ],
        },
        {
          en: 'Chillies & Limes', th: 'พริกและมะนาว', brands: PRODUCE_BRANDS, variants: 'produce', sizes: 'herbs', countries: ['Thailand'], tags: ['thai'],
          kinds: [
            ['Bird\'s Eye Chilli', 'พริกขี้หนู', 20, { kw: ['chili', 'chilli', 'thai chili', 'พริก'] }],
            ['Big Red Chilli', 'พริกชี้ฟ้าแดง', 25, { kw: ['chili', 'red chilli', 'พริก'] }],
            ['Lime', 'มะนาว', 25, { kw: ['limes', 'lemon'] }],
            ['Lemon', 'เลมอน', 39, { kw: ['lemons'], countries: ['South Africa'] }],
            ['Turmeric', 'ขมิ้นชัน', 20, { kw: ['turmeric root'] }],
          ],
        },
        {
          en: 'Western Herbs', th: 'สมุนไพรฝรั่ง', brands: [null, 'royalProject', 'myChoice'], variants: 'produce', sizes: 'herbs', countries: ['Thailand'], tags: ['western'],
          kinds: [
            ['Rosemary', 'โรสแมรี่', 39, { kw: ['rosemary'] }],
            ['Thyme', 'ไทม์', 39, { kw: ['thyme'] }],
            ['Parsley', 'พาร์สลีย์', 35, { kw: ['parsley'] }],
            ['Dill', 'ผักชีลาว', 25, { kw: ['dill'] }],
            ['Italian Basil', 'เบซิลอิตาเลียน', 39, { kw: ['basil', 'pesto'] }],
          ],
        },
      ],
    },
    {
      en: 'Salads & Prepared Produce',
      th: 'สลัดและผักผลไม้พร้อมทาน',
      tags: ['healthy', 'ready-meal'],
      l3: [
        {
          en: 'Salad Packs', th: 'ผักสลัดแพ็ก', brands: ['myChoice', 'royalProject', 'dailyFresh'], variants: 'produce', sizes: 'saladPack',
          kinds: [
            ['Mixed Salad', 'สลัดผักรวม', 49, { kw: ['salad', 'สลัด'] }],
            ['Caesar Salad Kit', 'ชุดซีซาร์สลัด', 89, { kw: ['salad', 'caesar', 'สลัด'] }],
            ['Coleslaw Mix', 'ผักโคลสลอว์', 45, { kw: ['coleslaw', 'salad'] }],
            ['Baby Spinach', 'เบบี้ผักโขม', 59, { kw: ['spinach', 'salad'] }],
            ['Rocket', 'ร็อกเก็ต', 59, { kw: ['arugula', 'rucola', 'salad'] }],
          ],
        },
        {
          en: 'Cut Fruit', th: 'ผลไม้ตัดแต่ง', brands: ['myChoice', 'dailyFresh'], variants: 'none', sizes: 'cutFruit', tags: ['dessert', 'snack'],
          kinds: [
            ['Fresh Cut Pineapple', 'สับปะรดตัดแต่ง', 39, { kw: ['pineapple', 'fruit cup'] }],
            ['Fresh Cut Watermelon', 'แตงโมหั่น', 35, { kw: ['watermelon', 'fruit cup'] }],
            ['Mixed Fruit Cup', 'ผลไม้รวมถ้วย', 49, { kw: ['fruit salad', 'fruit cup', 'ผลไม้รวม'] }],
            ['Fresh Cut Papaya', 'มะละกอหั่น', 35, { kw: ['papaya', 'fruit cup'] }],
            ['Peeled Pomelo', 'ส้มโอแกะ', 79, { kw: ['pomelo'] }],
          ],
        },
        {
          en: 'Vegetable Sets', th: 'ชุดผักพร้อมปรุง', brands: ['myChoice', 'dailyFresh'], variants: 'none', sizes: 'vegPack', tags: ['cooking', 'thai'],
          kinds: [
            ['Tom Yum Herb Set', 'ชุดเครื่องต้มยำ', 29, { kw: ['tom yum', 'soup herbs', 'ต้มยำ'] }],
            ['Stir-fry Vegetable Mix', 'ผักรวมสำหรับผัด', 45, { kw: ['stir fry', 'ผัดผัก'] }],
            ['Sukiyaki Vegetable Set', 'ชุดผักสุกี้', 59, { kw: ['sukiyaki', 'hot pot', 'สุกี้', 'ชาบู'] }],
            ['Clear Soup Vegetable Set', 'ชุดผักแกงจืด', 35, { kw: ['soup', 'แกงจืด'] }],
          ],
        },
      ],
    },
  ],
};

export const MEAT_AND_POULTRY: L1Def = {
  code: '11',
  en: 'Meat & Poultry',
  th: 'เนื้อสัตว์',
  tags: ['fresh', 'cooking'],
  l2: [
    {
      en: 'Pork',
      th: 'เนื้อหมู',
      kw: ['pork', 'หมู'],
      l3: [
        {
          en: 'Pork Cuts', th: 'หมูส่วนต่างๆ', brands: MEAT_BRANDS, variants: 'meat', sizes: 'meatTray', countries: ['Thailand'],
          kinds: [
            ['Pork Belly', 'หมูสามชั้น', 89, { kw: ['streaky pork', 'samsung'], tags: ['bbq'] }],
            ['Pork Loin', 'หมูสันนอก', 79, { kw: ['pork chop'] }],
            ['Pork Tenderloin', 'หมูสันใน', 95, { kw: ['fillet'] }],
            ['Pork Neck', 'สันคอหมู', 99, { kw: ['collar', 'คอหมูย่าง'], tags: ['bbq'] }],
            ['Pork Spare Ribs', 'ซี่โครงหมู', 85, { kw: ['ribs', 'spareribs'], tags: ['bbq'] }],
            ['Pork Shoulder', 'หมูสะโพก', 75, { kw: ['pork leg meat'] }],
          ],
        },
        {
          en: 'Minced & Sliced Pork', th: 'หมูสับและหมูสไลซ์', brands: MEAT_BRANDS, variants: 'meat', sizes: 'meatTray', countries: ['Thailand'],
          kinds: [
            ['Minced Pork', 'หมูสับ', 69, { kw: ['ground pork', 'pork mince'] }],
            ['Sliced Pork for Shabu', 'หมูสไลซ์ชาบู', 89, { kw: ['shabu', 'hot pot', 'ชาบู'] }],
            ['Pork Bones', 'กระดูกหมู', 49, { kw: ['soup bones', 'ซุป'] }],
            ['Pork Knuckle', 'ขาหมู', 79, { kw: ['pork leg', 'trotter'] }],
          ],
        },
        {
          en: 'Pork Offal', th: 'เครื่องในหมู', brands: [null, 'betagro', 'myChoice'], variants: 'none', sizes: 'meatTray', countries: ['Thailand'], tags: ['thai'],
          kinds: [
            ['Pork Liver', 'ตับหมู', 45, { kw: ['liver', 'offal'] }],
            ['Pork Intestines', 'ไส้หมู', 55, { kw: ['chitterlings', 'offal'] }],
            ['Pork Blood Jelly', 'เลือดหมู', 15, { kw: ['blood tofu', 'boat noodles'] }],
          ],
        },
      ],
    },
    {
      en: 'Chicken & Duck',
      th: 'ไก่และเป็ด',
      kw: ['chicken', 'poultry', 'ไก่'],
      l3: [
        {
          en: 'Chicken Cuts', th: 'ไก่ส่วนต่างๆ', brands: MEAT_BRANDS, variants: 'meat', sizes: 'meatTray', countries: ['Thailand'],
          kinds: [
            ['Chicken Breast', 'อกไก่', 59, { kw: ['breast fillet', 'อกไก่ลอกหนัง'], tags: ['healthy'] }],
            ['Chicken Thigh', 'สะโพกไก่', 55, { kw: ['thigh'] }],
            ['Chicken Drumstick', 'น่องไก่', 49, { kw: ['drumsticks', 'chicken legs'], tags: ['bbq'] }],
            ['Chicken Wings', 'ปีกไก่', 69, { kw: ['wings', 'ปีกบน', 'ปีกกลาง'], tags: ['bbq', 'party'] }],
            ['Chicken Feet', 'ตีนไก่', 39, { kw: ['chicken paws'] }],
          ],
        },
        {
          en: 'Boneless & Minced Chicken', th: 'ไก่ไม่มีกระดูกและไก่สับ', brands: MEAT_BRANDS, variants: 'meat', sizes: 'meatTray', countries: ['Thailand'],
          kinds: [
            ['Minced Chicken', 'ไก่สับ', 55, { kw: ['ground chicken', 'chicken mince'] }],
            ['Boneless Chicken Thigh', 'สะโพกไก่ไม่มีกระดูก', 69, { kw: ['thigh fillet'] }],
            ['Chicken Tenderloin', 'สันในไก่', 65, { kw: ['chicken tender'], tags: ['healthy'] }],
          ],
        },
        {
          en: 'Whole Birds', th: 'ไก่และเป็ดทั้งตัว', brands: [null, 'cp', 'betagro'], variants: 'meat', sizes: 'wholeBird', countries: ['Thailand'],
          kinds: [
            ['Whole Chicken', 'ไก่ทั้งตัว', 119, { kw: ['roast chicken'] }],
            ['Whole Duck', 'เป็ดทั้งตัว', 199, { kw: ['duck', 'เป็ด'] }],
            ['Black Bone Chicken', 'ไก่ดำ', 189, { kw: ['silkie chicken'] }],
          ],
        },
        {
          en: 'Duck', th: 'เป็ด', brands: [null, 'cp', 'myChoice'], variants: 'meat', sizes: 'meatTray', countries: ['Thailand'],
          kinds: [
            ['Duck Breast', 'อกเป็ด', 129, { kw: ['duck'] }],
            ['Roast Duck', 'เป็ดย่าง', 159, { kw: ['duck', 'peking duck'], tags: ['ready-meal'] }],
            ['Duck Leg', 'น่องเป็ด', 99, { kw: ['duck', 'confit'] }],
          ],
        },
      ],
    },
    {
      en: 'Beef & Lamb',
      th: 'เนื้อวัวและเนื้อแกะ',
      kw: ['beef', 'เนื้อวัว'],
      l3: [
        {
          en: 'Beef Steaks', th: 'สเต๊กเนื้อ', brands: [null, 'angusPure', 'thaiFrenchBeef', 'gourmetSelect'], variants: 'beefOrigin', sizes: 'steak', tags: ['bbq', 'western'],
          kinds: [
            ['Ribeye Steak', 'สเต๊กริบอาย', 390, { kw: ['steak', 'rib eye', 'สเต็ก'] }],
            ['Sirloin Steak', 'สเต๊กเซอร์ลอยน์', 350, { kw: ['steak', 'striploin', 'สเต็ก'] }],
            ['Tenderloin Steak', 'สเต๊กเทนเดอร์ลอยน์', 450, { kw: ['steak', 'filet mignon', 'สเต็ก'] }],
            ['Wagyu Striploin', 'วากิวสตริปลอยน์', 990, { kw: ['wagyu', 'steak', 'วากิว'] }],
            ['T-Bone Steak', 'สเต๊กทีโบน', 420, { kw: ['steak', 'tbone'] }],
          ],
        },
        {
          en: 'Beef for Cooking', th: 'เนื้อวัวสำหรับปรุงอาหาร', brands: [null, 'thaiFrenchBeef', 'myChoice'], variants: 'meat', sizes: 'meatTray', countries: ['Thailand', 'Australia'],
          kinds: [
            ['Minced Beef', 'เนื้อวัวบด', 129, { kw: ['ground beef', 'beef mince', 'burger'] }],
            ['Beef Brisket', 'เนื้อวัวส่วนอก', 159, { kw: ['brisket', 'stew'] }],
            ['Sliced Beef for Sukiyaki', 'เนื้อวัวสไลซ์สุกี้', 179, { kw: ['shabu', 'sukiyaki', 'hot pot'] }],
            ['Beef Shank', 'น่องลาย', 149, { kw: ['shank', 'stew'] }],
          ],
        },
        {
          en: 'Lamb', th: 'เนื้อแกะ', brands: [null, 'gourmetSelect'], variants: 'beefOrigin', sizes: 'steak', countries: ['Australia', 'New Zealand'], tags: ['western', 'imported'],
          kinds: [
            ['Lamb Chops', 'แลมบ์ช็อป', 320, { kw: ['lamb', 'แกะ'], tags: ['bbq'] }],
            ['Lamb Leg', 'ขาแกะ', 380, { kw: ['lamb', 'roast'] }],
            ['Lamb Rack', 'แร็คแกะ', 590, { kw: ['lamb', 'rack of lamb'] }],
          ],
        },
      ],
    },
    {
      en: 'Sausages, Ham & Meatballs',
      th: 'ไส้กรอก แฮม และลูกชิ้น',
      l3: [
        {
          en: 'Sausages', th: 'ไส้กรอก', brands: ['cp', 'betagro', 'bucher', 'ceres', 'tgm', 'myChoice'], variants: 'sausage', sizes: 'sausage', tags: ['breakfast', 'bbq'],
          kinds: [
            ['Pork Sausage', 'ไส้กรอกหมู', 59, { kw: ['sausages'] }],
            ['Chicken Sausage', 'ไส้กรอกไก่', 55, { kw: ['sausages'] }],
            ['Frankfurter', 'ไส้กรอกแฟรงก์เฟิร์ต', 69, { kw: ['hot dog', 'ฮอทดอก'] }],
            ['Cocktail Sausage', 'ไส้กรอกค็อกเทล', 65, { kw: ['mini sausage'], tags: ['party'] }],
            ['Bratwurst', 'ไส้กรอกบราทเวิร์สท์', 129, { kw: ['german sausage'] }],
          ],
        },
        {
          en: 'Ham & Bacon', th: 'แฮมและเบคอน', brands: ['cp', 'betagro', 'bucher', 'ceres', 'tulip'], variants: 'none', sizes: 'coldCuts', tags: ['breakfast', 'western'],
          kinds: [
            ['Smoked Bacon', 'เบคอนรมควัน', 89, { kw: ['bacon', 'เบค่อน'] }],
            ['Sliced Ham', 'แฮมสไลซ์', 65, { kw: ['ham', 'sandwich'] }],
            ['Salami', 'ซาลามี่', 119, { kw: ['pepperoni', 'cold cuts'] }],
            ['Chicken Ham', 'แฮมไก่', 59, { kw: ['ham', 'sandwich'] }],
          ],
        },
        {
          en: 'Thai Processed Meat', th: 'อาหารแปรรูปจากเนื้อสัตว์', brands: [null, 'tgm', 'arayAroi', 'myChoice'], variants: 'none', sizes: 'coldCuts', tags: ['thai'],
          kinds: [
            ['Nham Fermented Pork', 'แหนม', 45, { kw: ['naem', 'sour pork'] }],
            ['Vietnamese Pork Sausage', 'หมูยอ', 59, { kw: ['moo yor', 'pork roll'] }],
            ['Pork Floss', 'หมูหยอง', 79, { kw: ['meat floss'], tags: ['breakfast'] }],
            ['Isan Sausage', 'ไส้กรอกอีสาน', 59, { kw: ['sai krok isan', 'sour sausage'], tags: ['bbq'] }],
            ['Chinese Sausage', 'กุนเชียง', 89, { kw: ['lap cheong', 'kun chiang'] }],
            ['Sun-dried Pork', 'หมูแดดเดียว', 99, { kw: ['dried pork'] }],
          ],
        },
        {
          en: 'Meatballs', th: 'ลูกชิ้น', brands: [null, 'cp', 'tgm', 'arayAroi', 'myChoice'], variants: 'none', sizes: 'meatballs', tags: ['thai'],
          kinds: [
            ['Pork Meatballs', 'ลูกชิ้นหมู', 49, { kw: ['meat balls', 'ลูกชิ้นหมูเด้ง'], tags: ['bbq'] }],
            ['Beef Balls', 'ลูกชิ้นเนื้อ', 59, { kw: ['meat balls'] }],
            ['Fish Balls', 'ลูกชิ้นปลา', 45, { kw: ['fishball'] }],
            ['Shrimp Balls', 'ลูกชิ้นกุ้ง', 69, { kw: ['prawn balls'] }],
          ],
        },
      ],
    },
    {
      en: 'Marinated & BBQ',
      th: 'เนื้อหมักและบาร์บีคิว',
      tags: ['bbq', 'party'],
      l3: [
        {
          en: 'BBQ Skewers', th: 'บาร์บีคิวเสียบไม้', brands: [null, 'cp', 'myChoice'], variants: 'marinade', sizes: 'skewers', tags: ['thai'],
          kinds: [
            ['Chicken Satay', 'สะเต๊ะไก่', 89, { kw: ['satay', 'skewers'] }],
            ['Pork Satay', 'หมูสะเต๊ะ', 89, { kw: ['satay', 'skewers'] }],
            ['Grilled Pork Skewers', 'หมูปิ้ง', 79, { kw: ['moo ping', 'skewers'], tags: ['breakfast'] }],
            ['Mixed BBQ Skewers', 'บาร์บีคิวรวม', 119, { kw: ['skewers', 'kebab'] }],
          ],
        },
        {
          en: 'Marinated Meat', th: 'เนื้อหมักพร้อมปรุง', brands: ['cp', 'betagro', 'myChoice'], variants: 'marinade', sizes: 'meatTray',
          kinds: [
            ['Marinated Pork Neck', 'คอหมูหมัก', 109, { kw: ['kor moo yang', 'grilled pork neck'] }],
            ['Teriyaki Chicken', 'ไก่เทอริยากิ', 99, { kw: ['teriyaki'], tags: ['japanese'] }],
            ['Korean BBQ Pork', 'หมูหมักเกาหลี', 119, { kw: ['bulgogi', 'korean bbq'], tags: ['korean'] }],
            ['Garlic Pepper Pork', 'หมูกระเทียมพริกไทย', 95, { kw: ['garlic pork'] }],
            ['Pork for Moo Kratha', 'หมูหมักหมูกระทะ', 129, { kw: ['moo kratha', 'thai bbq', 'หมูกระทะ'] }],
          ],
        },
      ],
    },
  ],
};

export const FISH_AND_SEAFOOD: L1Def = {
  code: '12',
  en: 'Fish & Seafood',
  th: 'ปลาและอาหารทะเล',
  tags: ['fresh', 'seafood', 'cooking'],
  l2: [
    {
      en: 'Fresh Fish',
      th: 'ปลาสด',
      kw: ['fish', 'ปลา'],
      l3: [
        {
          en: 'Whole Fish', th: 'ปลาทั้งตัว', brands: [null, null, 'cp'], variants: 'seafood', sizes: 'fishWhole', countries: ['Thailand'],
          kinds: [
            ['Sea Bass', 'ปลากะพงขาว', 189, { kw: ['barramundi', 'pla kapong'] }],
            ['Tilapia', 'ปลานิล', 89, { kw: ['nile tilapia'] }],
            ['Short Mackerel', 'ปลาทู', 79, { kw: ['mackerel', 'pla tu'] }],
            ['Snakehead Fish', 'ปลาช่อน', 149, { kw: ['striped snakehead'] }],
            ['Silver Pomfret', 'ปลาจาระเม็ดขาว', 289, { kw: ['pomfret'] }],
            ['Catfish', 'ปลาดุก', 79, { kw: ['catfish'] }],
            ['Red Snapper', 'ปลากะพงแดง', 259, { kw: ['snapper'] }],
          ],
        },
        {
          en: 'Fish Fillets', th: 'เนื้อปลาแล่', brands: [null, 'cp', 'gourmetSelect', 'myChoice'], variants: 'seafood', sizes: 'fillet', countries: ['Norway', 'Vietnam', 'Thailand'],
          kinds: [
            ['Salmon Fillet', 'แซลมอนแล่', 259, { kw: ['salmon', 'แซลมอน'], countries: ['Norway'] }],
            ['Saba Fillet', 'ปลาซาบะ', 129, { kw: ['mackerel', 'saba'], tags: ['japanese'], countries: ['Norway'] }],
            ['Dory Fillet', 'ปลาดอรี่', 89, { kw: ['pangasius', 'basa', 'dory'], countries: ['Vietnam'] }],
            ['Cod Fillet', 'ปลาค็อด', 399, { kw: ['cod', 'ปลาหิมะ'], countries: ['Iceland'] }],
            ['Tuna Saku', 'ทูน่าซากุ', 299, { kw: ['tuna', 'sashimi grade'], tags: ['japanese'] }],
          ],
        },
      ],
    },
    {
      en: 'Shellfish',
      th: 'กุ้ง หอย ปู',
      l3: [
        {
          en: 'Shrimp & Prawns', th: 'กุ้ง', brands: [null, 'cp', 'myChoice'], variants: 'seafood', sizes: 'seafoodTray', countries: ['Thailand'],
          kinds: [
            ['White Shrimp', 'กุ้งขาว', 159, { kw: ['prawn', 'shrimp', 'vannamei'] }],
            ['Tiger Prawn', 'กุ้งกุลาดำ', 259, { kw: ['prawn', 'black tiger'] }],
            ['Giant River Prawn', 'กุ้งแม่น้ำ', 450, { kw: ['prawn', 'freshwater prawn'], tags: ['bbq'] }],
            ['Peeled Shrimp', 'กุ้งปอกเปลือก', 189, { kw: ['prawn', 'shrimp meat'] }],
          ],
        },
        {
          en: 'Crab & Mantis Shrimp', th: 'ปูและกั้ง', brands: [null, 'myChoice'], variants: 'seafood', sizes: 'seafoodTray', countries: ['Thailand'],
          kinds: [
            ['Blue Crab', 'ปูม้า', 299, { kw: ['crab', 'blue swimmer crab'] }],
            ['Mud Crab', 'ปูทะเล', 490, { kw: ['crab'] }],
            ['Mantis Shrimp', 'กั้ง', 390, { kw: ['mantis prawn'] }],
            ['Crab Meat', 'เนื้อปู', 259, { kw: ['crab meat'] }],
          ],
        },
        {
          en: 'Squid & Shellfish', th: 'ปลาหมึกและหอย', brands: [null, 'myChoice'], variants: 'seafood', sizes: 'seafoodTray', countries: ['Thailand'],
          kinds: [
            ['Squid', 'ปลาหมึกกล้วย', 129, { kw: ['calamari', 'ปลาหมึก'] }],
            ['Cuttlefish', 'ปลาหมึกกระดอง', 159, { kw: ['cuttle fish', 'ปลาหมึก'] }],
            ['Green Mussels', 'หอยแมลงภู่', 69, { kw: ['mussels'] }],
            ['Blood Cockles', 'หอยแครง', 79, { kw: ['cockles'] }],
            ['Oysters', 'หอยนางรม', 159, { kw: ['oyster'] }],
            ['Scallops', 'หอยเชลล์', 299, { kw: ['scallop', 'hotate'] }],
          ],
        },
      ],
    },
    {
      en: 'Dried & Canned Seafood',
      th: 'อาหารทะเลแห้งและกระป๋อง',
      l3: [
        {
          en: 'Dried Seafood', th: 'อาหารทะเลแห้ง', brands: [null, 'myChoice'], variants: 'none', sizes: 'driedSeafood', countries: ['Thailand'],
          kinds: [
            ['Dried Shrimp', 'กุ้งแห้ง', 89, { kw: ['dried prawn', 'papaya salad'] }],
            ['Dried Squid', 'ปลาหมึกแห้ง', 159, { kw: ['dried cuttlefish'] }],
            ['Salted Fish', 'ปลาเค็ม', 79, { kw: ['salted mackerel'] }],
            ['Dried Anchovies', 'ปลาไส้ตันแห้ง', 69, { kw: ['anchovy', 'ikan bilis'] }],
          ],
        },
        {
          en: 'Canned Fish', th: 'ปลากระป๋อง', brands: ['sealect', 'nautilus', 'pumpui', 'roza', 'ayam', 'tcb'], variants: 'cannedFish', sizes: 'can',
          kinds: [
            ['Tuna Chunks', 'ทูน่าชิ้น', 39, { kw: ['tuna', 'canned tuna', 'ทูน่ากระป๋อง'] }],
            ['Tuna Steak', 'ทูน่าสเต๊ก', 45, { kw: ['tuna', 'canned tuna'] }],
            ['Sardines', 'ปลาซาร์ดีน', 25, { kw: ['sardine', 'ปลากระป๋อง'] }],
            ['Mackerel', 'ปลาแมคเคอเรล', 25, { kw: ['mackerel', 'ปลากระป๋อง'] }],
            ['Pink Salmon', 'แซลมอนสีชมพู', 79, { kw: ['salmon', 'canned salmon'] }],
          ],
        },
      ],
    },
    {
      en: 'Seafood Sets',
      th: 'ชุดอาหารทะเล',
      tags: ['party'],
      l3: [
        {
          en: 'Seafood Cooking Sets', th: 'ชุดอาหารทะเลพร้อมปรุง', brands: ['myChoice', 'cp', null], variants: 'none', sizes: 'seafoodTray',
          kinds: [
            ['Tom Yum Seafood Set', 'ชุดต้มยำทะเล', 199, { kw: ['tom yum', 'seafood soup'], tags: ['thai'] }],
            ['Grilled Seafood Set', 'ชุดซีฟู้ดย่าง', 299, { kw: ['seafood platter'], tags: ['bbq'] }],
            ['Seafood Hot Pot Set', 'ชุดสุกี้ทะเล', 249, { kw: ['shabu', 'hot pot', 'suki'] }],
          ],
        },
      ],
    },
    {
      en: 'Sushi & Sashimi',
      th: 'ซูชิและซาชิมิ',
      tags: ['japanese', 'ready-meal'],
      l3: [
        {
          en: 'Sushi', th: 'ซูชิ', brands: [null, 'myChoice'], variants: 'none', sizes: 'sushi',
          kinds: [
            ['Salmon Sushi Set', 'ชุดซูชิแซลมอน', 159, { kw: ['sushi', 'nigiri'] }],
            ['California Roll', 'แคลิฟอร์เนียโรล', 129, { kw: ['sushi', 'maki', 'roll'] }],
            ['Mixed Sushi Set', 'ชุดซูชิรวม', 199, { kw: ['sushi', 'nigiri'] }],
            ['Inari Sushi', 'อินาริซูชิ', 79, { kw: ['sushi', 'tofu pocket'] }],
          ],
        },
        {
          en: 'Sashimi', th: 'ซาชิมิ', brands: [null, 'gourmetSelect'], variants: 'none', sizes: 'sashimi',
          kinds: [
            ['Salmon Sashimi', 'ซาชิมิแซลมอน', 199, { kw: ['sashimi', 'raw salmon'] }],
            ['Tuna Sashimi', 'ซาชิมิทูน่า', 229, { kw: ['sashimi', 'maguro'] }],
            ['Hamachi Sashimi', 'ซาชิมิฮามาจิ', 289, { kw: ['sashimi', 'yellowtail'] }],
          ],
        },
      ],
    },
  ],
};
