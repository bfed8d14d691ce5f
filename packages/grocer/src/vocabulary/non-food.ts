/** Non-food departments: baby and kids, health and beauty, household, pets. */
import type { L1Def } from './types.ts';

export const BABY_AND_KIDS: L1Def = {
  code: '21',
  en: 'Baby & Kids',
  th: 'แม่และเด็ก',
  tags: ['baby'],
  l2: [
    {
      en: 'Formula & Milk',
      th: 'นมผงและนมสำหรับเด็ก',
      kw: ['formula', 'นมผง'],
      l3: [
        {
          en: 'Infant Formula', th: 'นมผงสำหรับทารก', brands: ['enfagrow', 's26', 'dumex', 'hiQ', 'nan'], variants: 'babyStage', sizes: 'formula',
          kinds: [
            ['Infant Formula', 'นมผงสำหรับทารก', 459, { kw: ['baby milk', 'baby formula'] }],
            ['Follow-on Formula', 'นมผงสูตรต่อเนื่อง', 429, { kw: ['baby milk'] }],
            ['Hypoallergenic Formula', 'นมผงสูตรลดการแพ้', 599, { kw: ['ha formula', 'allergy'] }],
          ],
        },
        {
          en: 'Growing-up Milk', th: 'นมสำหรับเด็กโต', brands: ['enfagrow', 's26', 'dumex', 'hiQ', 'bearBrand', 'foremost'], variants: 'none', sizes: 'kidsMilk', tags: ['kids'],
          kinds: [
            ['Growing-up Milk Powder', 'นมผงสำหรับเด็กโต', 389, { sizes: 'formula', kw: ['toddler milk'] }],
            ['Kids UHT Milk', 'นมกล่องสำหรับเด็ก', 49, { kw: ['school milk', 'นมกล่อง'] }],
            ['Kids Yogurt Drink', 'นมเปรี้ยวสำหรับเด็ก', 39, { kw: ['yogurt drink'] }],
          ],
        },
      ],
    },
    {
      en: 'Baby Food',
      th: 'อาหารเด็ก',
      l3: [
        {
          en: 'Baby Cereal & Puree', th: 'อาหารเสริมสำหรับทารก', brands: ['gerber', 'peachy', 'nestle', 'myChoice'], variants: 'babyFood', sizes: 'babyFood',
          kinds: [
            ['Baby Rice Cereal', 'ซีเรียลข้าวสำหรับเด็ก', 89, { kw: ['baby cereal', 'weaning'] }],
            ['Baby Fruit Puree', 'ผลไม้บดสำหรับเด็ก', 45, { kw: ['baby puree', 'pouch'] }],
            ['Baby Porridge', 'โจ๊กสำหรับเด็ก', 35, { kw: ['congee for baby'] }],
          ],
        },
        {
          en: 'Baby Snacks', th: 'ขนมสำหรับเด็กเล็ก', brands: ['gerber', 'peachy', 'pigeon', 'myChoice'], variants: 'babyFood', sizes: 'babyFood', tags: ['snack'],
          kinds: [
            ['Baby Snack Puffs', 'ขนมพัฟสำหรับเด็ก', 79, { kw: ['puffs', 'finger food'] }],
            ['Teething Biscuits', 'บิสกิตสำหรับเด็ก', 69, { kw: ['rusks', 'teething'] }],
            ['Yogurt Melts', 'โยเกิร์ตกรอบสำหรับเด็ก', 99, { kw: ['yogurt melts'] }],
          ],
        },
      ],
    },
    {
      en: 'Diapers & Wipes',
      th: 'ผ้าอ้อมและทิชชูเปียก',
      l3: [
        {
          en: 'Diapers', th: 'ผ้าอ้อมเด็ก', brands: ['pampers', 'mamyPoko', 'babyLove', 'merries', 'huggies'], variants: 'diaper', sizes: 'diapers', kw: ['nappies', 'diaper', 'แพมเพิส'],
          kinds: [
            ['Tape Diapers', 'ผ้าอ้อมเด็กแบบเทป', 299, { kw: ['newborn diapers'] }],
            ['Pants Diapers', 'ผ้าอ้อมเด็กแบบกางเกง', 329, { kw: ['pull ups', 'diaper pants'] }],
            ['Night Pants', 'ผ้าอ้อมเด็กสำหรับกลางคืน', 359, { kw: ['overnight diapers'] }],
          ],
        },
        {
          en: 'Baby Wipes', th: 'ทิชชูเปียกสำหรับเด็ก', brands: ['babyLove', 'mamyPoko', 'pigeon', 'johnsons', 'myChoice'], variants: 'none', sizes: 'wipes',
          kinds: [
            ['Baby Wipes', 'ทิชชูเปียกสำหรับเด็ก', 25, { kw: ['wet wipes'] }],
            ['Sensitive Baby Wipes', 'ทิชชูเปียกสำหรับผิวแพ้ง่าย', 35, { kw: ['wet wipes', 'fragrance free'] }],
            ['Baby Cotton Balls', 'สำลีก้อนสำหรับเด็ก', 29, { sizes: ['100 pcs', '200 pcs', '300 pcs'], kw: ['cotton wool'] }],
          ],
        },
      ],
    },
    {
      en: 'Baby Care',
      th: 'ผลิตภัณฑ์ดูแลเด็ก',
      l3: [
        {
          en: 'Baby Bath & Skin', th: 'สบู่และโลชั่นเด็ก', brands: ['johnsons', 'pigeon', 'babiMild', 'dNee', 'kodomo'], variants: 'none', sizes: 'babyCare',
          kinds: [
            ['Baby Bath', 'สบู่เหลวอาบน้ำเด็ก', 79, { kw: ['baby wash', 'head to toe'] }],
            ['Baby Shampoo', 'แชมพูเด็ก', 79, { kw: ['no more tears'] }],
            ['Baby Lotion', 'โลชั่นเด็ก', 89, { kw: ['baby moisturiser'] }],
            ['Baby Powder', 'แป้งเด็ก', 45, { sizes: ['180 g', '380 g', '180 g x 2'], kw: ['talc'] }],
            ['Baby Oil', 'เบบี้ออยล์', 99, { kw: ['massage oil'] }],
          ],
        },
        {
          en: 'Baby Laundry', th: 'ผลิตภัณฑ์ซักผ้าเด็ก', brands: ['dNee', 'babiMild', 'pigeon', 'kodomo'], variants: 'none', sizes: 'softener',
          kinds: [
            ['Baby Laundry Detergent', 'น้ำยาซักผ้าเด็ก', 89, { kw: ['baby detergent', 'newborn laundry'] }],
            ['Baby Fabric Softener', 'น้ำยาปรับผ้านุ่มเด็ก', 79, { kw: ['baby softener'] }],
          ],
        },
        {
          en: 'Feeding Accessories', th: 'อุปกรณ์ให้นม', brands: ['pigeon', 'dNee', 'kodomo'], variants: 'none', sizes: 'accessory',
          kinds: [
            ['Feeding Bottle', 'ขวดนม', 199, { kw: ['baby bottle'] }],
            ['Bottle Teat', 'จุกนม', 129, { kw: ['nipple', 'teat'] }],
            ['Bottle Cleanser', 'น้ำยาล้างขวดนม', 89, { sizes: 'babyCare', kw: ['bottle wash'] }],
            ['Pacifier', 'จุกนมหลอก', 149, { kw: ['dummy', 'soother'] }],
          ],
        },
      ],
    },
  ],
};

export const HEALTH_AND_BEAUTY: L1Def = {
  code: '22',
  en: 'Health & Beauty',
  th: 'สุขภาพและความงาม',
  tags: ['beauty'],
  l2: [
    {
      en: 'Oral Care',
      th: 'ดูแลช่องปาก',
      l3: [
        {
          en: 'Toothpaste', th: 'ยาสีฟัน', brands: ['colgate', 'darlie', 'sensodyne', 'systema', 'dentiste'], variants: 'toothpaste', sizes: 'toothpaste',
          kinds: [
            ['Toothpaste', 'ยาสีฟัน', 45, { kw: ['dental', 'fluoride'] }],
            ['Kids Toothpaste', 'ยาสีฟันเด็ก', 39, { variants: [['Strawberry', 'สตรอว์เบอร์รี'], ['Grape', 'องุ่น'], ['Bubble Fruit', 'ผลไม้รวม']], kw: ['children toothpaste'], tags: ['kids'] }],
            ['Herbal Toothpaste', 'ยาสีฟันสมุนไพร', 59, { variants: 'none', kw: ['thai herbal'] }],
          ],
        },
        {
          en: 'Toothbrush & Mouthwash', th: 'แปรงสีฟันและน้ำยาบ้วนปาก', brands: ['colgate', 'oralB', 'systema', 'listerine', 'darlie'], variants: 'none', sizes: 'accessory',
          kinds: [
            ['Toothbrush', 'แปรงสีฟัน', 45, { variants: [['Soft', 'ขนนุ่ม'], ['Extra Soft', 'ขนนุ่มพิเศษ'], ['Medium', 'ขนปานกลาง']], kw: ['tooth brush'] }],
            ['Dental Floss', 'ไหมขัดฟัน', 79, { kw: ['floss'] }],
            ['Mouthwash', 'น้ำยาบ้วนปาก', 99, { sizes: 'mouthwash', kw: ['mouth rinse'] }],
          ],
        },
      ],
    },
    {
      en: 'Hair Care',
      th: 'ดูแลเส้นผม',
      l3: [
        {
          en: 'Shampoo & Conditioner', th: 'แชมพูและครีมนวดผม', brands: ['sunsilk', 'pantene', 'headShoulders', 'clear', 'tsubaki', 'dove'], variants: 'hair', sizes: 'shampoo',
          kinds: [
            ['Shampoo', 'แชมพู', 89, { kw: ['hair wash'] }],
            ['Conditioner', 'ครีมนวดผม', 89, { kw: ['hair conditioner'] }],
            ['Hair Treatment Mask', 'ทรีทเมนต์บำรุงผม', 159, { sizes: ['180 ml', '250 ml', '500 ml'], kw: ['hair mask'] }],
          ],
        },
        {
          en: 'Styling & Colour', th: 'จัดแต่งทรงผมและสีผม', brands: ['gatsby', 'dcash', 'loreal', 'garnier'], variants: 'none', sizes: ['75 g', '150 g', '250 ml'],
          kinds: [
            ['Hair Wax', 'แว็กซ์แต่งผม', 129, { kw: ['pomade', 'styling'] }],
            ['Hair Gel', 'เจลแต่งผม', 89, { kw: ['styling gel'] }],
            ['Hair Colour Cream', 'ครีมเปลี่ยนสีผม', 199, { variants: [['Natural Black', 'ดำธรรมชาติ'], ['Dark Brown', 'น้ำตาลเข้ม'], ['Ash Brown', 'น้ำตาลหม่น']], kw: ['hair dye'] }],
          ],
        },
      ],
    },
    {
      en: 'Bath & Body',
      th: 'อาบน้ำและดูแลผิวกาย',
      l3: [
        {
          en: 'Soap & Shower', th: 'สบู่และครีมอาบน้ำ', brands: ['dove', 'lux', 'protex', 'parrot', 'nivea', 'myChoice'], variants: 'scent', sizes: 'bodyWash',
          kinds: [
            ['Bar Soap', 'สบู่ก้อน', 45, { sizes: 'soapBar', kw: ['soap bar'] }],
            ['Shower Cream', 'ครีมอาบน้ำ', 129, { kw: ['body wash', 'shower gel'] }],
            ['Liquid Hand Wash', 'สบู่เหลวล้างมือ', 69, { kw: ['hand soap'] }],
            ['Antibacterial Body Wash', 'ครีมอาบน้ำแอนตี้แบคทีเรีย', 139, { kw: ['body wash'] }],
          ],
        },
        {
          en: 'Body Lotion & Sun Care', th: 'โลชั่นและกันแดด', brands: ['nivea', 'vaseline', 'citra', 'smoothE', 'biore'], variants: 'skin', sizes: 'lotion',
          kinds: [
            ['Body Lotion', 'โลชั่นบำรุงผิว', 129, { kw: ['moisturiser', 'body cream'] }],
            ['Sunscreen', 'ครีมกันแดด', 299, { variants: 'none', sizes: ['30 ml', '50 ml', '90 ml'], kw: ['sunblock', 'spf 50', 'กันแดด'] }],
            ['Prickly Heat Powder', 'แป้งเย็น', 45, { variants: 'scent', sizes: ['50 g', '140 g', '280 g'], kw: ['cooling powder', 'ตรางู'] }],
          ],
        },
        {
          en: 'Deodorant', th: 'ระงับกลิ่นกาย', brands: ['rexona', 'nivea', 'dove', 'gatsby'], variants: 'none', sizes: ['25 ml', '45 ml', '150 ml'],
          kinds: [
            ['Roll-on Deodorant', 'โรลออนระงับกลิ่นกาย', 69, { kw: ['antiperspirant', 'roll on'] }],
            ['Deodorant Spray', 'สเปรย์ระงับกลิ่นกาย', 129, { kw: ['body spray'] }],
          ],
        },
      ],
    },
    {
      en: 'Facial Care',
      th: 'ดูแลผิวหน้า',
      l3: [
        {
          en: 'Cleansers', th: 'ผลิตภัณฑ์ล้างหน้า', brands: ['senka', 'biore', 'garnier', 'ponds', 'smoothE'], variants: 'skin', sizes: 'face',
          kinds: [
            ['Facial Foam', 'โฟมล้างหน้า', 119, { kw: ['face wash', 'cleanser'] }],
            ['Micellar Water', 'ไมเซล่าวอเตอร์', 199, { sizes: ['125 ml', '400 ml', '700 ml'], kw: ['makeup remover'] }],
            ['Facial Cotton Pads', 'สำลีแผ่นเช็ดหน้า', 45, { variants: 'none', sizes: ['80 pcs', '150 pcs', '80 pcs x 3'], kw: ['cotton pads'] }],
          ],
        },
        {
          en: 'Moisturisers & Serums', th: 'ครีมบำรุงและเซรั่ม', brands: ['loreal', 'garnier', 'ponds', 'nivea', 'smoothE'], variants: 'skin', sizes: 'faceSmall',
          kinds: [
            ['Face Cream', 'ครีมบำรุงผิวหน้า', 299, { kw: ['moisturiser', 'day cream'] }],
            ['Face Serum', 'เซรั่มบำรุงผิวหน้า', 399, { kw: ['essence', 'vitamin c serum'] }],
            ['Lip Balm', 'ลิปบาล์ม', 89, { variants: 'none', sizes: ['3.5 g', '4.5 g', '4.5 g x 2'], kw: ['lip care'] }],
            ['Sheet Mask', 'มาสก์หน้าแบบแผ่น', 49, { sizes: ['1 pcs', '5 pcs', '10 pcs'], kw: ['face mask'] }],
          ],
        },
      ],
    },
    {
      en: 'Health & Wellness',
      th: 'สุขภาพ',
      tags: ['healthy'],
      l3: [
        {
          en: 'Vitamins & Supplements', th: 'วิตามินและอาหารเสริม', brands: ['blackmores', 'vistra', 'megaWeCare', 'myChoice'], variants: 'none', sizes: 'vitamins',
          kinds: [
            ['Vitamin C 1000 mg', 'วิตามินซี 1000 มก.', 299, { kw: ['vitamin c', 'immune'] }],
            ['Multivitamin', 'วิตามินรวม', 399, { kw: ['multi vitamins'] }],
            ['Fish Oil 1000 mg', 'น้ำมันปลา 1000 มก.', 459, { sizes: 'capsules', kw: ['omega 3'] }],
            ['Collagen Powder', 'คอลลาเจนผง', 590, { sizes: ['100 g', '200 g', '30 sachets'], kw: ['collagen peptide'], tags: ['beauty'] }],
            ['Probiotic Capsules', 'โพรไบโอติกชนิดแคปซูล', 690, { sizes: 'capsules', kw: ['gut health'] }],
          ],
        },
        {
          en: 'Health Drinks', th: 'เครื่องดื่มบำรุงสุขภาพ', brands: ['brands', 'scotch', 'myChoice'], variants: 'none', sizes: 'bottleDrink',
          kinds: [
            ['Essence of Chicken', 'ซุปไก่สกัด', 219, { kw: ['chicken essence', 'brands'] }],
            ['Bird\'s Nest Drink', 'รังนกสำเร็จรูป', 259, { kw: ['birds nest', 'รังนก'] }],
            ['Essence of Chicken with Cordyceps', 'ซุปไก่สกัดผสมถั่งเช่า', 299, { kw: ['cordyceps'] }],
          ],
        },
        {
          en: 'First Aid', th: 'ปฐมพยาบาล', brands: ['tigerplast', 'tigerBalm', 'siangPure', 'salonpas', 'welcare'], variants: 'none', sizes: 'firstAid',
          kinds: [
            ['Plasters', 'พลาสเตอร์ปิดแผล', 35, { kw: ['band aid', 'bandages'] }],
            ['Herbal Balm', 'ยาหม่อง', 59, { sizes: 'balm', kw: ['tiger balm', 'muscle rub'] }],
            ['Pain Relief Patch', 'แผ่นแปะบรรเทาปวด', 69, { kw: ['salonpas', 'plaster'] }],
            ['Face Masks', 'หน้ากากอนามัย', 59, { kw: ['surgical mask', 'mask'] }],
            ['Alcohol Hand Gel', 'เจลแอลกอฮอล์ล้างมือ', 49, { sizes: ['50 ml', '250 ml', '500 ml'], kw: ['hand sanitiser', 'sanitizer'] }],
            ['Inhaler', 'ยาดม', 25, { sizes: ['1 pcs', '2 pcs', '6 pcs'], kw: ['nasal inhaler', 'ยาดมโป๊ยเซียน'] }],
          ],
        },
        {
          en: 'Feminine Care', th: 'ผลิตภัณฑ์สำหรับผู้หญิง', brands: ['laurier', 'sofy', 'whisper', 'kotex', 'lactacyd'], variants: 'none', sizes: 'pads',
          kinds: [
            ['Sanitary Pads Day', 'ผ้าอนามัยกลางวัน', 45, { kw: ['period', 'napkins'] }],
            ['Sanitary Pads Night', 'ผ้าอนามัยกลางคืน', 55, { kw: ['period', 'overnight'] }],
            ['Panty Liners', 'แผ่นอนามัย', 49, { kw: ['liners'] }],
            ['Feminine Wash', 'ผลิตภัณฑ์ทำความสะอาดจุดซ่อนเร้น', 149, { sizes: 'babyCare', kw: ['intimate wash'] }],
          ],
        },
        {
          en: 'Shaving', th: 'ผลิตภัณฑ์โกนหนวด', brands: ['gillette', 'nivea', 'gatsby'], variants: 'none', sizes: 'accessory',
          kinds: [
            ['Razor', 'มีดโกน', 99, { kw: ['shaver', 'blades'] }],
            ['Razor Blades', 'ใบมีดโกน', 249, { kw: ['cartridges'] }],
            ['Shaving Foam', 'โฟมโกนหนวด', 129, { sizes: ['100 ml', '200 ml', '400 ml'], kw: ['shaving gel'] }],
          ],
        },
      ],
    },
  ],
};

export const HOUSEHOLD: L1Def = {
  code: '23',
  en: 'Household & Cleaning',
  th: 'ของใช้ในบ้าน',
  l2: [
    {
      en: 'Laundry',
      th: 'ซักผ้า',
      tags: ['cleaning'],
      kw: ['laundry', 'washing'],
      l3: [
        {
          en: 'Laundry Detergent', th: 'ผงซักฟอกและน้ำยาซักผ้า', brands: ['breeze', 'attack', 'omo', 'pao', 'essence', 'myChoice'], variants: 'detergent', sizes: 'detergentPowder',
          kinds: [
            ['Detergent Powder', 'ผงซักฟอก', 79, { kw: ['washing powder'] }],
            ['Liquid Detergent', 'น้ำยาซักผ้า', 99, { sizes: 'liquidDetergent', kw: ['laundry liquid'] }],
            ['Laundry Capsules', 'เจลบอลซักผ้า', 199, { sizes: ['15 pcs', '30 pcs', '45 pcs'], kw: ['pods'] }],
          ],
        },
        {
          en: 'Fabric Care', th: 'น้ำยาปรับผ้านุ่มและดูแลผ้า', brands: ['comfort', 'downy', 'hygiene', 'essence', 'haiter', 'farcent'], variants: 'scent', sizes: 'softener',
          kinds: [
            ['Fabric Softener', 'น้ำยาปรับผ้านุ่ม', 69, { kw: ['softener'] }],
            ['Concentrated Fabric Softener', 'น้ำยาปรับผ้านุ่มสูตรเข้มข้น', 99, { kw: ['softener'] }],
            ['Colour-safe Bleach', 'น้ำยาซักผ้าขาว', 45, { variants: 'none', kw: ['bleach', 'stain remover'] }],
            ['Ironing Spray', 'สเปรย์รีดผ้าเรียบ', 69, { kw: ['starch', 'ironing'] }],
          ],
        },
      ],
    },
    {
      en: 'Cleaning',
      th: 'ทำความสะอาด',
      tags: ['cleaning'],
      l3: [
        {
          en: 'Dishwashing', th: 'น้ำยาล้างจาน', brands: ['sunlight', 'liponF', 'myChoice'], variants: [['Lemon', 'มะนาว'], ['Green Tea', 'ชาเขียว'], ['Lime & Salt', 'มะนาวและเกลือ']], sizes: 'dishwash',
          kinds: [
            ['Dishwashing Liquid', 'น้ำยาล้างจาน', 35, { kw: ['dish soap', 'washing up liquid'] }],
            ['Dishwasher Tablets', 'ผลิตภัณฑ์สำหรับเครื่องล้างจาน', 399, { variants: 'none', sizes: ['30 pcs', '60 pcs'], kw: ['dishwasher'] }],
          ],
        },
        {
          en: 'Sponges & Scourers', th: 'ฟองน้ำและใยขัด', brands: ['scotchBrite', 'myChoice'], variants: 'none', sizes: 'sponge',
          kinds: [
            ['Sponge Scourer', 'ฟองน้ำหุ้มใยขัด', 35, { kw: ['sponge'] }],
            ['Stainless Steel Scourer', 'ฝอยขัดหม้อสแตนเลส', 25, { kw: ['steel wool'] }],
            ['Microfibre Cloth', 'ผ้าไมโครไฟเบอร์', 59, { kw: ['cleaning cloth'] }],
          ],
        },
        {
          en: 'Surface Cleaners', th: 'น้ำยาทำความสะอาดพื้นผิว', brands: ['magiclean', 'vixol', 'duck', 'spaclean', 'myChoice'], variants: 'scent', sizes: 'cleaner',
          kinds: [
            ['Floor Cleaner', 'น้ำยาถูพื้น', 45, { kw: ['mopping liquid'] }],
            ['Bathroom Cleaner', 'น้ำยาล้างห้องน้ำ', 59, { kw: ['toilet cleaner'] }],
            ['Glass Cleaner', 'น้ำยาเช็ดกระจก', 49, { kw: ['window cleaner'] }],
            ['Multi-purpose Cleaner', 'น้ำยาทำความสะอาดอเนกประสงค์', 59, { kw: ['all purpose spray'] }],
          ],
        },
      ],
    },
    {
      en: 'Paper & Tissue',
      th: 'กระดาษทิชชู',
      kw: ['tissue', 'ทิชชู่'],
      l3: [
        {
          en: 'Toilet Tissue', th: 'กระดาษชำระ', brands: ['scott', 'cellox', 'zilk', 'vivy', 'myChoice'], variants: 'tissue', sizes: 'toiletRoll',
          kinds: [
            ['Toilet Roll', 'กระดาษชำระแบบม้วน', 89, { kw: ['toilet paper', 'bathroom tissue'] }],
            ['Jumbo Roll Tissue', 'กระดาษชำระม้วนใหญ่', 129, { kw: ['toilet paper'] }],
          ],
        },
        {
          en: 'Facial & Kitchen Tissue', th: 'กระดาษเช็ดหน้าและกระดาษอเนกประสงค์', brands: ['kleenex', 'scott', 'cellox', 'zilk', 'myChoice'], variants: 'tissue', sizes: 'tissueBox',
          kinds: [
            ['Facial Tissue', 'กระดาษเช็ดหน้า', 35, { kw: ['tissues', 'kleenex'] }],
            ['Kitchen Towel', 'กระดาษอเนกประสงค์', 59, { sizes: 'kitchenTowel', kw: ['paper towel'] }],
            ['Pocket Tissue', 'ทิชชูพกพา', 25, { sizes: ['10 pcs', '6 pcs x 2'], kw: ['travel tissue'] }],
            ['Paper Napkins', 'กระดาษเช็ดปาก', 29, { kw: ['serviettes'], tags: ['party'] }],
          ],
        },
      ],
    },
    {
      en: 'Home Essentials',
      th: 'ของใช้จำเป็นในบ้าน',
      l3: [
        {
          en: 'Bags & Wraps', th: 'ถุงและฟิล์มห่ออาหาร', brands: ['glad', 'champion', 'mAndK', 'myChoice'], variants: 'none', sizes: 'bags',
          kinds: [
            ['Garbage Bags', 'ถุงขยะ', 39, { kw: ['bin bags', 'trash bags'] }],
            ['Zipper Bags', 'ถุงซิปล็อก', 59, { kw: ['ziploc', 'freezer bags'] }],
            ['Cling Film', 'ฟิล์มถนอมอาหาร', 49, { sizes: 'wrap', kw: ['plastic wrap', 'glad wrap'] }],
            ['Aluminium Foil', 'อะลูมิเนียมฟอยล์', 59, { sizes: 'wrap', kw: ['tin foil'], tags: ['bbq'] }],
          ],
        },
        {
          en: 'Kitchen Helpers', th: 'อุปกรณ์ครัว', brands: ['myChoice', 'champion', 'mAndK'], variants: 'none', sizes: 'accessory',
          kinds: [
            ['Food Storage Box', 'กล่องถนอมอาหาร', 89, { kw: ['container', 'tupperware'] }],
            ['Rubber Gloves', 'ถุงมือยาง', 45, { kw: ['kitchen gloves', 'washing gloves'] }],
            ['Paper Straws', 'หลอดกระดาษ', 29, { sizes: ['50 pcs', '100 pcs'], kw: ['drinking straws'] }],
          ],
        },
        {
          en: 'Pest Control', th: 'ผลิตภัณฑ์กำจัดแมลง', brands: ['baygon', 'ars', 'chaindrite', 'soffell'], variants: 'none', sizes: 'insect',
          kinds: [
            ['Insect Spray', 'สเปรย์กำจัดแมลง', 99, { kw: ['bug spray', 'cockroach', 'mosquito'] }],
            ['Mosquito Coils', 'ยาจุดกันยุง', 35, { sizes: ['10 pcs', '20 pcs'], kw: ['mosquito'] }],
            ['Mosquito Repellent Lotion', 'โลชั่นกันยุง', 49, { sizes: ['60 ml', '100 ml'], kw: ['deet', 'mosquito'] }],
          ],
        },
        {
          en: 'Air Fresheners', th: 'ผลิตภัณฑ์ปรับอากาศ', brands: ['ambipur', 'glade', 'farcent', 'dailyFresh'], variants: 'scent', sizes: 'freshener',
          kinds: [
            ['Air Freshener Spray', 'สเปรย์ปรับอากาศ', 79, { kw: ['room spray'] }],
            ['Gel Air Freshener', 'เจลหอมปรับอากาศ', 59, { kw: ['room freshener'] }],
            ['Moisture Absorber', 'กล่องดูดความชื้น', 45, { variants: 'none', kw: ['dehumidifier box'] }],
          ],
        },
        {
          en: 'Batteries & Bulbs', th: 'ถ่านไฟฉายและหลอดไฟ', brands: ['energizer', 'panasonic', 'philips'], variants: 'none', sizes: 'batteries',
          kinds: [
            ['AA Alkaline Batteries', 'ถ่านอัลคาไลน์ AA', 89, { kw: ['batteries', 'double a'] }],
            ['AAA Alkaline Batteries', 'ถ่านอัลคาไลน์ AAA', 89, { kw: ['batteries', 'triple a'] }],
            ['LED Bulb 9W', 'หลอดไฟแอลอีดี 9 วัตต์', 79, { sizes: ['1 pcs', '2 pcs', '4 pcs'], kw: ['light bulb'] }],
          ],
        },
        {
          en: 'Party & BBQ Supplies', th: 'อุปกรณ์ปาร์ตี้และบาร์บีคิว', brands: ['myChoice', 'champion', null], variants: 'none', sizes: 'party', tags: ['party'],
          kinds: [
            ['Paper Plates', 'จานกระดาษ', 45, { kw: ['disposable plates'] }],
            ['Plastic Cups', 'แก้วพลาสติก', 35, { kw: ['disposable cups'] }],
            ['Charcoal', 'ถ่านไม้', 59, { sizes: 'charcoal', kw: ['grill charcoal'], tags: ['bbq'] }],
            ['Bamboo Skewers', 'ไม้เสียบลูกชิ้น', 20, { sizes: ['100 pcs', '200 pcs'], kw: ['satay sticks'], tags: ['bbq'] }],
            ['Birthday Candles', 'เทียนวันเกิด', 29, { kw: ['cake candles'] }],
          ],
        },
      ],
    },
  ],
};

export const PET_CARE: L1Def = {
  code: '24',
  en: 'Pet Care',
  th: 'อาหารและของใช้สัตว์เลี้ยง',
  tags: ['pet'],
  l2: [
    {
      en: 'Cat',
      th: 'แมว',
      kw: ['cat', 'แมว'],
      l3: [
        {
          en: 'Cat Dry Food', th: 'อาหารแมวชนิดเม็ด', brands: ['whiskas', 'meO', 'friskies', 'royalCanin', 'kaniva', 'catsTaste'], variants: 'petFood', sizes: 'catDry',
          kinds: [
            ['Adult Cat Food', 'อาหารแมวโต', 99, { kw: ['cat kibble'] }],
            ['Kitten Food', 'อาหารลูกแมว', 109, { kw: ['kitten'] }],
            ['Indoor Cat Food', 'อาหารแมวเลี้ยงในบ้าน', 129, { kw: ['hairball'] }],
          ],
        },
        {
          en: 'Cat Wet Food & Treats', th: 'อาหารแมวเปียกและขนมแมว', brands: ['whiskas', 'meO', 'friskies', 'catsTaste', 'kaniva'], variants: 'petFood', sizes: 'petWet',
          kinds: [
            ['Cat Food Pouch', 'อาหารแมวเปียกแบบซอง', 17, { kw: ['wet cat food'] }],
            ['Canned Cat Food', 'อาหารแมวกระป๋อง', 25, { kw: ['wet cat food'] }],
            ['Creamy Cat Treats', 'ขนมแมวเลีย', 45, { sizes: 'petTreats', kw: ['cat treats', 'lickable'] }],
          ],
        },
        {
          en: 'Cat Litter', th: 'ทรายแมว', brands: ['okiko', 'kaniva', 'catsTaste', 'myChoice'], variants: [['Unscented', 'ไม่มีกลิ่น'], ['Lavender', 'กลิ่นลาเวนเดอร์'], ['Coffee', 'กลิ่นกาแฟ'], ['Apple', 'กลิ่นแอปเปิ้ล']], sizes: 'litter',
          kinds: [
            ['Clumping Cat Litter', 'ทรายแมวจับตัวเป็นก้อน', 119, { kw: ['bentonite'] }],
            ['Tofu Cat Litter', 'ทรายแมวเต้าหู้', 159, { kw: ['flushable litter'] }],
          ],
        },
      ],
    },
    {
      en: 'Dog',
      th: 'สุนัข',
      kw: ['dog', 'หมา', 'สุนัข'],
      l3: [
        {
          en: 'Dog Dry Food', th: 'อาหารสุนัขชนิดเม็ด', brands: ['pedigree', 'smartHeart', 'royalCanin', 'optimum'], variants: 'petFood', sizes: 'dogDry',
          kinds: [
            ['Adult Dog Food', 'อาหารสุนัขโต', 89, { kw: ['dog kibble'] }],
            ['Puppy Food', 'อาหารลูกสุนัข', 99, { kw: ['puppy'] }],
            ['Small Breed Dog Food', 'อาหารสุนัขพันธุ์เล็ก', 109, { kw: ['toy breed'] }],
          ],
        },
        {
          en: 'Dog Treats & Wet Food', th: 'ขนมและอาหารเปียกสุนัข', brands: ['jerHigh', 'pedigree', 'smartHeart'], variants: 'petFood', sizes: 'petTreats',
          kinds: [
            ['Dog Jerky Treats', 'ขนมสุนัขเจอร์กี้', 59, { kw: ['dog treats'] }],
            ['Dental Chew Sticks', 'ขนมขัดฟันสุนัข', 79, { kw: ['dentastix', 'dog chews'] }],
            ['Canned Dog Food', 'อาหารสุนัขกระป๋อง', 45, { sizes: 'petWet', kw: ['wet dog food'] }],
          ],
        },
      ],
    },
    {
      en: 'Pet Supplies',
      th: 'อุปกรณ์สัตว์เลี้ยง',
      l3: [
        {
          en: 'Pet Hygiene', th: 'ดูแลความสะอาดสัตว์เลี้ยง', brands: ['kaniva', 'smartHeart', 'myChoice'], variants: 'none', sizes: 'petCare',
          kinds: [
            ['Pet Shampoo', 'แชมพูสัตว์เลี้ยง', 129, { kw: ['dog shampoo', 'cat shampoo'] }],
            ['Pet Training Pads', 'แผ่นรองซับสัตว์เลี้ยง', 199, { sizes: ['20 pcs', '50 pcs', '100 pcs'], kw: ['puppy pads'] }],
            ['Poop Bags', 'ถุงเก็บมูลสัตว์', 59, { sizes: ['60 pcs', '120 pcs'], kw: ['dog waste bags'] }],
          ],
        },
        {
          en: 'Small Animals', th: 'สัตว์เลี้ยงขนาดเล็ก', brands: ['optimum', 'myChoice', null], variants: 'none', sizes: ['500 g', '1 kg', '2.5 kg'],
          kinds: [
            ['Rabbit Food', 'อาหารกระต่าย', 99, { kw: ['rabbit pellets'] }],
            ['Hamster Food', 'อาหารแฮมสเตอร์', 79, { kw: ['hamster mix'] }],
            ['Timothy Hay', 'หญ้าทิโมธี', 149, { kw: ['hay', 'guinea pig'] }],
          ],
        },
        {
          en: 'Fish & Bird Food', th: 'อาหารปลาและนก', brands: ['tetra', 'optimum', 'myChoice'], variants: 'none', sizes: ['50 g', '100 g', '500 g'],
          kinds: [
            ['Tropical Fish Flakes', 'อาหารปลาสวยงามชนิดแผ่น', 89, { kw: ['fish food', 'aquarium'] }],
            ['Koi Pellets', 'อาหารปลาคาร์ป', 99, { kw: ['koi food', 'carp'] }],
            ['Bird Seed Mix', 'อาหารนก', 59, { kw: ['bird food'] }],
          ],
        },
      ],
    },
  ],
};
