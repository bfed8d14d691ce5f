/** Chilled and frozen departments: dairy and eggs, bakery, frozen food. */
import type { L1Def } from './types.ts';

export const DAIRY_EGGS_AND_CHILLED: L1Def = {
  code: '13',
  en: 'Dairy, Eggs & Chilled',
  th: 'นม ไข่ และอาหารแช่เย็น',
  l2: [
    {
      en: 'Milk',
      th: 'นม',
      kw: ['milk', 'dairy', 'นม'],
      tags: ['breakfast'],
      l3: [
        {
          en: 'Fresh Milk', th: 'นมสด', brands: ['meiji', 'dutchMill', 'foremost', 'thaiDenmark', 'nongPho', 'dairyHome', 'myChoice'], variants: 'milk', sizes: 'milkCarton',
          kinds: [
            ['Pasteurized Milk', 'นมพาสเจอร์ไรส์', 28, { kw: ['fresh milk', 'นมสด', 'chilled milk'] }],
            ['Lactose Free Milk', 'นมแลคโตสฟรี', 35, { kw: ['lactose intolerant', 'fresh milk', 'นมสด'] }],
            ['Organic Milk', 'นมออร์แกนิก', 39, { kw: ['fresh milk', 'นมสด'], tags: ['healthy'] }],
            ['High Protein Milk', 'นมโปรตีนสูง', 32, { kw: ['protein', 'fresh milk'], tags: ['healthy'] }],
          ],
        },
        {
          en: 'UHT Milk', th: 'นมยูเอชที', brands: ['foremost', 'thaiDenmark', 'dutchMill', 'meiji', 'bearBrand', 'myChoice'], variants: 'milk', sizes: 'uht', tags: ['kids'],
          kinds: [
            ['UHT Milk', 'นมยูเอชที', 15, { kw: ['long life milk', 'boxed milk', 'นมกล่อง'] }],
            ['Goat Milk', 'นมแพะ', 25, { kw: ['goat'] }],
            ['Sterilized Milk', 'นมสเตอริไลส์', 16, { kw: ['canned milk', 'นมกระป๋อง'] }],
          ],
        },
        {
          en: 'Flavoured Milk', th: 'นมปรุงแต่ง', brands: ['meiji', 'dutchMill', 'foremost', 'nongPho', 'bearBrand'], variants: 'none', sizes: 'uht', tags: ['kids'],
          kinds: [
            ['Chocolate Milk', 'นมรสช็อกโกแลต', 15, { kw: ['choc milk', 'cocoa milk'] }],
            ['Strawberry Milk', 'นมรสสตรอว์เบอร์รี', 15, { kw: ['pink milk'] }],
            ['Coffee Milk', 'นมรสกาแฟ', 15, { kw: ['coffee'] }],
            ['Banana Milk', 'นมรสกล้วย', 18, { kw: ['korean banana milk'] }],
          ],
        },
        {
          en: 'Soy & Plant Milk', th: 'นมถั่วเหลืองและนมจากพืช', brands: ['lactasoy', 'vitamilk', 'almondBreeze', 'oatside', 'myChoice'], variants: 'plantMilk', sizes: 'uht', tags: ['vegetarian', 'healthy'],
          kinds: [
            ['Soy Milk', 'นมถั่วเหลือง', 12, { kw: ['soymilk', 'soya milk', 'น้ำเต้าหู้'] }],
            ['Almond Milk', 'นมอัลมอนด์', 29, { kw: ['nut milk', 'dairy free'] }],
            ['Oat Milk', 'นมโอ๊ต', 35, { kw: ['dairy free', 'oat drink'] }],
            ['Rice Milk', 'นมข้าว', 29, { kw: ['dairy free'] }],
          ],
        },
        {
          en: 'Drinking Yogurt', th: 'นมเปรี้ยว', brands: ['dutchMill', 'betagen', 'yakult', 'meiji', 'foremost'], variants: 'drinkingYogurt', sizes: 'drinkingYogurt',
          kinds: [
            ['Drinking Yogurt', 'นมเปรี้ยว', 40, { kw: ['yoghurt drink', 'yogurt drink'] }],
            ['Probiotic Drink', 'นมเปรี้ยวโพรไบโอติก', 45, { kw: ['probiotic', 'lactobacillus'], tags: ['healthy'] }],
            ['Kefir', 'คีเฟอร์', 69, { kw: ['fermented milk'], tags: ['healthy'] }],
          ],
        },
      ],
    },
    {
      en: 'Yogurt & Chilled Desserts',
      th: 'โยเกิร์ตและของหวานแช่เย็น',
      l3: [
        {
          en: 'Yogurt', th: 'โยเกิร์ต', brands: ['dutchie', 'meiji', 'dutchMill', 'dairyHome', 'myChoice'], variants: 'yogurt', sizes: 'yogurtCup', tags: ['breakfast', 'healthy'],
          kinds: [
            ['Set Yogurt', 'โยเกิร์ต', 17, { kw: ['yoghurt', 'โยเกิร์ตถ้วย'] }],
            ['Greek Yogurt', 'กรีกโยเกิร์ต', 45, { kw: ['yoghurt', 'high protein'] }],
            ['Low Fat Yogurt', 'โยเกิร์ตไขมันต่ำ', 19, { kw: ['yoghurt', 'diet'] }],
          ],
        },
        {
          en: 'Chilled Desserts', th: 'ขนมหวานแช่เย็น', brands: ['meiji', 'dutchMill', 'myChoice', 'gourmetSelect'], variants: 'sweet', sizes: 'dessertCup', tags: ['dessert'],
          kinds: [
            ['Pudding', 'พุดดิ้ง', 25, { kw: ['custard pudding'] }],
            ['Jelly Dessert', 'เยลลี่', 15, { kw: ['jello'] }],
            ['Panna Cotta', 'พานาคอตต้า', 45, { kw: ['italian dessert'] }],
            ['Coconut Jelly', 'วุ้นมะพร้าว', 20, { kw: ['coconut dessert'] }],
          ],
        },
      ],
    },
    {
      en: 'Butter, Cheese & Cream',
      th: 'เนย ชีส และครีม',
      l3: [
        {
          en: 'Butter & Margarine', th: 'เนยและมาการีน', brands: ['anchor', 'allowrie', 'lurpak', 'president', 'orchid', 'myChoice'], variants: 'none', sizes: 'butter', tags: ['breakfast'],
          kinds: [
            ['Salted Butter', 'เนยเค็ม', 89, { kw: ['butter', 'เนย'] }],
            ['Unsalted Butter', 'เนยจืด', 89, { kw: ['butter', 'baking', 'เนย'] }],
            ['Margarine', 'มาการีน', 45, { kw: ['spread'] }],
            ['Garlic Butter', 'เนยกระเทียม', 79, { kw: ['butter', 'garlic bread'] }],
          ],
        },
        {
          en: 'Cheese', th: 'ชีส', brands: ['kraft', 'president', 'emborg', 'anchor', 'philadelphia', 'gourmetSelect'], variants: 'cheese', sizes: 'cheese', tags: ['western'],
          kinds: [
            ['Cheddar Cheese', 'เชดดาร์ชีส', 129, { kw: ['cheese', 'เนยแข็ง'] }],
            ['Mozzarella Cheese', 'มอซซาเรลลาชีส', 139, { kw: ['cheese', 'pizza'] }],
            ['Cheese Slices', 'ชีสแผ่น', 79, { kw: ['sliced cheese', 'sandwich', 'burger'], tags: ['breakfast'] }],
            ['Cream Cheese', 'ครีมชีส', 119, { kw: ['cheese', 'bagel', 'cheesecake'] }],
            ['Parmesan Cheese', 'พาร์เมซานชีส', 259, { kw: ['parmigiano', 'pasta'] }],
            ['Camembert', 'กามองแบร์', 229, { kw: ['brie', 'soft cheese'] }],
          ],
        },
        {
          en: 'Cream & Condensed Milk', th: 'ครีมและนมข้น', brands: ['anchor', 'president', 'carnation', 'falcon', 'bearBrand', 'myChoice'], variants: 'none', sizes: 'cream',
          kinds: [
            ['Whipping Cream', 'วิปปิ้งครีม', 119, { kw: ['cream', 'baking'], tags: ['dessert'] }],
            ['Cooking Cream', 'ครีมสำหรับปรุงอาหาร', 99, { kw: ['cream', 'pasta'], tags: ['cooking'] }],
            ['Sour Cream', 'ซาวร์ครีม', 89, { kw: ['cream'] }],
            ['Sweetened Condensed Milk', 'นมข้นหวาน', 29, { sizes: 'condensed', kw: ['condensed milk', 'thai tea'], tags: ['dessert'] }],
            ['Evaporated Milk', 'นมข้นจืด', 25, { sizes: 'condensed', kw: ['evaporated', 'coffee'] }],
          ],
        },
      ],
    },
    {
      en: 'Eggs',
      th: 'ไข่',
      kw: ['eggs', 'ไข่'],
      tags: ['breakfast', 'cooking'],
      l3: [
        {
          en: 'Chicken Eggs', th: 'ไข่ไก่', brands: ['cpEggs', 'betagro', 'myChoice', null], variants: 'eggSize', sizes: 'eggs', countries: ['Thailand'],
          kinds: [
            ['Fresh Eggs', 'ไข่ไก่สด', 45, { kw: ['chicken eggs', 'ไข่ไก่'] }],
            ['Omega-3 Eggs', 'ไข่ไก่โอเมก้า 3', 65, { kw: ['omega 3'], tags: ['healthy'] }],
            ['Free Range Eggs', 'ไข่ไก่อารมณ์ดี', 89, { kw: ['free-range', 'ไข่ไก่ฟรีเรนจ์'], tags: ['healthy'] }],
            ['Organic Eggs', 'ไข่ไก่ออร์แกนิก', 99, { kw: ['organic'] }],
          ],
        },
        {
          en: 'Other Eggs', th: 'ไข่อื่นๆ', brands: [null, 'cpEggs', 'myChoice'], variants: 'none', sizes: 'eggsSmall', countries: ['Thailand'],
          kinds: [
            ['Duck Eggs', 'ไข่เป็ด', 42, { kw: ['duck egg'] }],
            ['Quail Eggs', 'ไข่นกกระทา', 25, { kw: ['quail'] }],
            ['Salted Eggs', 'ไข่เค็ม', 39, { kw: ['salted duck egg'] }],
            ['Century Eggs', 'ไข่เยี่ยวม้า', 39, { kw: ['preserved egg', 'thousand year egg'] }],
            ['Onsen Eggs', 'ไข่ออนเซ็น', 49, { kw: ['soft boiled egg'], tags: ['japanese'] }],
          ],
        },
      ],
    },
    {
      en: 'Tofu & Ready to Eat',
      th: 'เต้าหู้และอาหารพร้อมทาน',
      l3: [
        {
          en: 'Tofu', th: 'เต้าหู้', brands: ['myChoice', 'cp', null], variants: 'none', sizes: 'tofu', tags: ['vegetarian', 'healthy'],
          kinds: [
            ['Silken Tofu', 'เต้าหู้อ่อน', 15, { kw: ['soft tofu', 'bean curd'] }],
            ['Egg Tofu', 'เต้าหู้ไข่', 12, { kw: ['tube tofu', 'bean curd'] }],
            ['Firm Tofu', 'เต้าหู้แข็ง', 18, { kw: ['bean curd'] }],
            ['Fried Tofu', 'เต้าหู้ทอด', 22, { kw: ['tofu puffs'] }],
          ],
        },
        {
          en: 'Ready to Eat', th: 'อาหารพร้อมทาน', brands: ['ezygo', 'sAndP', 'cp', 'myChoice'], variants: 'none', sizes: 'readyMeal', tags: ['ready-meal'],
          kinds: [
            ['Ham & Cheese Sandwich', 'แซนด์วิชแฮมชีส', 35, { kw: ['sandwich'], tags: ['breakfast'] }],
            ['Tuna Onigiri', 'ข้าวปั้นทูน่า', 29, { kw: ['onigiri', 'rice ball'], tags: ['japanese'] }],
            ['Hainanese Chicken Rice', 'ข้าวมันไก่', 59, { kw: ['khao man gai', 'chicken rice'], tags: ['thai'] }],
            ['Pad Thai', 'ผัดไทย', 55, { kw: ['phad thai', 'noodles'], tags: ['thai'] }],
            ['Chicken Caesar Wrap', 'แร็ปไก่ซีซาร์', 69, { kw: ['wrap', 'tortilla'], tags: ['western'] }],
          ],
        },
        {
          en: 'Dips & Chilli Pastes', th: 'ดิปและน้ำพริก', brands: ['myChoice', 'gourmetSelect', 'maePranom'], variants: 'none', sizes: 'dip',
          kinds: [
            ['Hummus', 'ฮัมมัส', 99, { kw: ['chickpea dip'], tags: ['vegetarian'] }],
            ['Guacamole', 'กัวคาโมเล่', 119, { kw: ['avocado dip'] }],
            ['Nam Prik Noom', 'น้ำพริกหนุ่ม', 45, { kw: ['green chilli dip', 'northern thai'], tags: ['thai'] }],
            ['Nam Prik Ong', 'น้ำพริกอ่อง', 49, { kw: ['chilli tomato dip', 'northern thai'], tags: ['thai'] }],
          ],
        },
      ],
    },
  ],
};

export const BAKERY: L1Def = {
  code: '14',
  en: 'Bakery',
  th: 'เบเกอรี่',
  l2: [
    {
      en: 'Bread',
      th: 'ขนมปัง',
      kw: ['bread', 'ขนมปัง'],
      tags: ['breakfast'],
      l3: [
        {
          en: 'Sliced Bread', th: 'ขนมปังแผ่น', brands: ['farmhouse', 'gardenia', 'sunshine', 'myChoice'], variants: 'bread', sizes: 'bread',
          kinds: [
            ['Sandwich Bread', 'ขนมปังแซนด์วิช', 27, { kw: ['toast', 'white bread', 'ขนมปังขาว'] }],
            ['Whole Wheat Bread', 'ขนมปังโฮลวีต', 35, { kw: ['wholemeal', 'brown bread'], tags: ['healthy'] }],
            ['Hokkaido Milk Bread', 'ขนมปังนมฮอกไกโด', 45, { kw: ['shokupan', 'milk bread'], tags: ['japanese'] }],
            ['Raisin Bread', 'ขนมปังลูกเกด', 39, { kw: ['raisin toast'] }],
          ],
        },
        {
          en: 'Rolls & Buns', th: 'ขนมปังก้อนและบัน', brands: ['farmhouse', 'gardenia', 'myChoice'], variants: 'none', sizes: 'buns',
          kinds: [
            ['Burger Buns', 'ขนมปังเบอร์เกอร์', 35, { kw: ['hamburger buns', 'sesame buns'], tags: ['bbq', 'party'] }],
            ['Hot Dog Buns', 'ขนมปังฮอทดอก', 32, { kw: ['hotdog rolls'], tags: ['bbq', 'party'] }],
            ['Dinner Rolls', 'ขนมปังโรล', 39, { kw: ['bread rolls'] }],
            ['Pork Floss Bun', 'ขนมปังหมูหยอง', 25, { kw: ['floss bun'], tags: ['snack'] }],
            ['Pandan Custard Bun', 'ขนมปังสังขยาใบเตย', 20, { kw: ['kaya bun', 'custard'], tags: ['snack'] }],
          ],
        },
        {
          en: 'Artisan Bread', th: 'ขนมปังอาร์ติซาน', brands: ['paul', 'gourmetSelect', null], variants: 'none', sizes: 'artisan', tags: ['western'],
          kinds: [
            ['Baguette', 'บาแก็ต', 45, { kw: ['french bread', 'บาแกตต์'] }],
            ['Sourdough', 'ซาวร์โดว์', 129, { kw: ['sour dough', 'artisan'] }],
            ['Ciabatta', 'เชียบัตต้า', 59, { kw: ['italian bread'] }],
            ['Croissant', 'ครัวซองต์', 45, { kw: ['butter croissant', 'ครัวซองค์'] }],
            ['Bagel', 'เบเกิล', 39, { kw: ['bagels'] }],
          ],
        },
        {
          en: 'Savoury Bakery', th: 'เบเกอรี่ไส้คาว', brands: ['farmhouse', 'sAndP', 'myChoice', null], variants: 'none', sizes: 'pastry',
          kinds: [
            ['Tuna Sandwich', 'แซนด์วิชทูน่า', 35, { kw: ['sandwich'] }],
            ['Sausage Bread Roll', 'ขนมปังไส้กรอก', 25, { kw: ['sausage roll'] }],
            ['Garlic Bread', 'ขนมปังกระเทียม', 45, { kw: ['garlic toast'], tags: ['western'] }],
            ['Ham & Cheese Croissant', 'ครัวซองต์แฮมชีส', 59, { kw: ['croissant sandwich'] }],
          ],
        },
      ],
    },
    {
      en: 'Cakes & Pastries',
      th: 'เค้กและขนมอบ',
      kw: ['cake', 'เค้ก'],
      tags: ['dessert'],
      l3: [
        {
          en: 'Cakes', th: 'เค้ก', brands: ['sAndP', 'gourmetSelect', 'myChoice', null], variants: 'cake', sizes: 'cake', tags: ['party'],
          kinds: [
            ['Layer Cake', 'เค้กเนยสด', 65, { kw: ['sponge cake', 'birthday cake'] }],
            ['Banana Cake', 'เค้กกล้วยหอม', 55, { variants: 'none', kw: ['banana bread'] }],
            ['Chiffon Cake', 'ชิฟฟอนเค้ก', 45, { kw: ['chiffon'] }],
            ['Cheesecake', 'ชีสเค้ก', 95, { kw: ['cheese cake'] }],
            ['Swiss Roll', 'เค้กโรล', 59, { kw: ['roll cake'] }],
            ['Brownie', 'บราวนี่', 39, { variants: 'none', kw: ['chocolate brownie'] }],
          ],
        },
        {
          en: 'Pastries', th: 'ขนมอบ', brands: ['sAndP', 'paul', 'myChoice', null], variants: 'none', sizes: 'pastry', tags: ['breakfast'],
          kinds: [
            ['Danish Pastry', 'เดนิช', 35, { kw: ['danish'] }],
            ['Egg Tart', 'ทาร์ตไข่', 25, { kw: ['portuguese tart', 'custard tart'] }],
            ['Blueberry Muffin', 'มัฟฟินบลูเบอร์รี', 39, { kw: ['muffin'] }],
            ['Glazed Donut', 'โดนัทเคลือบน้ำตาล', 25, { kw: ['doughnut', 'donut', 'โดนัท'] }],
            ['Chicken Pie', 'พายไก่', 45, { kw: ['pie', 'savoury pastry'] }],
          ],
        },
        {
          en: 'Thai Desserts', th: 'ขนมไทย', brands: [null, 'sAndP', 'myChoice'], variants: 'none', sizes: 'thaiDessert', tags: ['thai'],
          kinds: [
            ['Mango Sticky Rice', 'ข้าวเหนียวมะม่วง', 89, { kw: ['khao niao mamuang', 'sticky rice', 'mango'] }],
            ['Khanom Chan', 'ขนมชั้น', 35, { kw: ['layered dessert'] }],
            ['Foi Thong', 'ฝอยทอง', 59, { kw: ['golden threads', 'egg yolk'] }],
            ['Thong Yip', 'ทองหยิบ', 59, { kw: ['golden flower', 'egg yolk'] }],
            ['Khanom Tuay', 'ขนมถ้วย', 35, { kw: ['coconut custard cup'] }],
            ['Luk Chup', 'ลูกชุบ', 59, { kw: ['mung bean marzipan'] }],
            ['Sangkhaya Fak Thong', 'สังขยาฟักทอง', 69, { kw: ['pumpkin custard'] }],
          ],
        },
      ],
    },
  ],
};

export const FROZEN_FOOD: L1Def = {
  code: '15',
  en: 'Frozen Food',
  th: 'อาหารแช่แข็ง',
  tags: ['frozen'],
  l2: [
    {
      en: 'Frozen Meals',
      th: 'อาหารสำเร็จรูปแช่แข็ง',
      tags: ['ready-meal'],
      l3: [
        {
          en: 'Thai Ready Meals', th: 'อาหารไทยแช่แข็ง', brands: ['cp', 'ezygo', 'sAndP', 'myChoice'], variants: 'none', sizes: 'frozenMeal', tags: ['thai'],
          kinds: [
            ['Basil Chicken Rice', 'ข้าวกะเพราไก่', 45, { kw: ['kaphrao', 'pad kra pao', 'กระเพรา'] }],
            ['Green Curry Chicken Rice', 'ข้าวแกงเขียวหวานไก่', 49, { kw: ['green curry'] }],
            ['Shrimp Fried Rice', 'ข้าวผัดกุ้ง', 49, { kw: ['fried rice'] }],
            ['Pad See Ew', 'ผัดซีอิ๊ว', 45, { kw: ['stir fried noodles'] }],
            ['Massaman Chicken Rice', 'ข้าวมัสมั่นไก่', 55, { kw: ['massaman curry'] }],
            ['Khao Mok Gai', 'ข้าวหมกไก่', 55, { kw: ['chicken biryani'] }],
          ],
        },
        {
          en: 'International Ready Meals', th: 'อาหารนานาชาติแช่แข็ง', brands: ['cp', 'sAndP', 'ezygo', 'gourmetSelect'], variants: 'none', sizes: 'frozenMeal', tags: ['western'],
          kinds: [
            ['Beef Lasagna', 'ลาซานญ่าเนื้อ', 99, { kw: ['lasagne', 'pasta'] }],
            ['Spaghetti Bolognese', 'สปาเกตตีโบโลเนส', 69, { kw: ['pasta', 'spaghetti'] }],
            ['Macaroni & Cheese', 'มักกะโรนีชีส', 69, { kw: ['mac and cheese'], tags: ['kids'] }],
            ['Japanese Curry Rice', 'ข้าวแกงกะหรี่ญี่ปุ่น', 59, { kw: ['kare raisu'], tags: ['japanese'] }],
            ['Korean Bibimbap', 'บิบิมบับ', 79, { kw: ['bibimbap'], tags: ['korean'] }],
          ],
        },
        {
          en: 'Dim Sum & Dumplings', th: 'ติ่มซำและเกี๊ยว', brands: ['cp', 'sAndP', 'bibigo', 'ajinomoto', 'myChoice'], variants: 'none', sizes: 'dimSum',
          kinds: [
            ['Har Gow Shrimp Dumplings', 'ฮะเก๋ากุ้ง', 89, { kw: ['dim sum', 'dumplings'] }],
            ['Pork Shumai', 'ขนมจีบหมู', 69, { kw: ['siu mai', 'dim sum'] }],
            ['Gyoza', 'เกี๊ยวซ่า', 79, { kw: ['potstickers', 'dumplings'], tags: ['japanese'] }],
            ['Xiaolongbao', 'เสี่ยวหลงเปา', 99, { kw: ['soup dumplings'] }],
            ['Char Siu Bao', 'ซาลาเปาหมูแดง', 65, { kw: ['bbq pork bun', 'steamed bun', 'ซาลาเปา'], tags: ['breakfast'] }],
            ['Shrimp Wonton', 'เกี๊ยวกุ้ง', 79, { kw: ['wonton', 'dumplings'] }],
            ['Korean Mandu', 'มันดู', 109, { kw: ['korean dumplings'], tags: ['korean'] }],
          ],
        },
      ],
    },
    {
      en: 'Frozen Meat & Seafood',
      th: 'เนื้อสัตว์และอาหารทะเลแช่แข็ง',
      l3: [
        {
          en: 'Frozen Chicken', th: 'ไก่แช่แข็ง', brands: ['cp', 'betagro', 'ezygo', 'myChoice'], variants: 'none', sizes: 'frozenPack', tags: ['kids', 'party'],
          kinds: [
            ['Chicken Nuggets', 'นักเก็ตไก่', 99, { kw: ['nuggets'] }],
            ['Chicken Karaage', 'ไก่คาราอาเกะ', 119, { kw: ['japanese fried chicken'], tags: ['japanese'] }],
            ['Chicken Popcorn', 'ไก่ป๊อป', 99, { kw: ['popcorn chicken'] }],
            ['Spicy Chicken Wings', 'ปีกไก่เผ็ด', 129, { kw: ['buffalo wings'] }],
          ],
        },
        {
          en: 'Frozen Seafood', th: 'อาหารทะเลแช่แข็ง', brands: ['cp', 'myChoice', 'sealect'], variants: 'none', sizes: 'frozenPack', tags: ['seafood'],
          kinds: [
            ['Frozen White Shrimp', 'กุ้งขาวแช่แข็ง', 199, { kw: ['prawn', 'shrimp'] }],
            ['Breaded Shrimp', 'กุ้งชุบเกล็ดขนมปัง', 149, { kw: ['tempura shrimp', 'ebi fry'] }],
            ['Fish Fingers', 'ปลาชุบเกล็ดขนมปัง', 99, { kw: ['fish sticks'], tags: ['kids'] }],
            ['Squid Rings', 'ปลาหมึกวงชุบแป้ง', 119, { kw: ['calamari'] }],
            ['Crab Sticks', 'ปูอัด', 59, { kw: ['kani', 'surimi', 'imitation crab'] }],
            ['Frozen Salmon Portions', 'แซลมอนแช่แข็ง', 249, { kw: ['salmon'] }],
          ],
        },
        {
          en: 'Frozen Snacks', th: 'ของว่างแช่แข็ง', brands: ['cp', 'sAndP', 'ezygo', 'myChoice'], variants: 'none', sizes: 'frozenSnack', tags: ['snack', 'party'],
          kinds: [
            ['Spring Rolls', 'ปอเปี๊ยะทอด', 69, { kw: ['egg rolls'] }],
            ['Fish Cakes', 'ทอดมันปลา', 79, { kw: ['tod mun pla'], tags: ['thai'] }],
            ['Shrimp Cakes', 'ทอดมันกุ้ง', 129, { kw: ['tod mun goong'], tags: ['thai'] }],
            ['Curry Puffs', 'กะหรี่ปั๊บ', 69, { kw: ['karipap'] }],
            ['Samosa', 'ซาโมซ่า', 79, { kw: ['samosas', 'indian snack'] }],
          ],
        },
      ],
    },
    {
      en: 'Frozen Vegetables & Fries',
      th: 'ผักแช่แข็งและเฟรนช์ฟรายส์',
      l3: [
        {
          en: 'Frozen Vegetables', th: 'ผักแช่แข็ง', brands: ['myChoice', 'cp', 'mcCain'], variants: 'none', sizes: 'frozenPack', tags: ['healthy'],
          kinds: [
            ['Mixed Vegetables', 'ผักรวมแช่แข็ง', 49, { kw: ['frozen veg', 'carrot peas corn'] }],
            ['Green Peas', 'ถั่วลันเตาแช่แข็ง', 45, { kw: ['peas'] }],
            ['Sweet Corn Kernels', 'เมล็ดข้าวโพดแช่แข็ง', 45, { kw: ['corn'] }],
            ['Edamame', 'ถั่วแระญี่ปุ่น', 59, { kw: ['soybeans'], tags: ['japanese', 'snack'] }],
          ],
        },
        {
          en: 'Fries & Potato', th: 'เฟรนช์ฟรายส์และมันฝรั่ง', brands: ['mcCain', 'farmFrites', 'myChoice'], variants: 'none', sizes: 'frozenPack', tags: ['kids', 'party'],
          kinds: [
            ['French Fries', 'เฟรนช์ฟรายส์', 89, { kw: ['chips', 'fries', 'เฟรนฟรายส์'] }],
            ['Crinkle Cut Fries', 'เฟรนช์ฟรายส์แบบหยัก', 95, { kw: ['fries'] }],
            ['Hash Browns', 'แฮชบราวน์', 99, { kw: ['hash brown'], tags: ['breakfast'] }],
            ['Potato Wedges', 'มันฝรั่งเวดจ์', 99, { kw: ['wedges'] }],
          ],
        },
      ],
    },
    {
      en: 'Ice Cream',
      th: 'ไอศกรีม',
      kw: ['ice cream', 'ไอติม', 'ไอศครีม'],
      tags: ['dessert'],
      l3: [
        {
          en: 'Ice Cream Tubs', th: 'ไอศกรีมถัง', brands: ['walls', 'haagenDazs', 'swensens', 'nestle', 'myChoice'], variants: 'sweet', sizes: 'iceCreamTub',
          kinds: [
            ['Ice Cream', 'ไอศกรีม', 129, { kw: ['ice-cream', 'gelato'] }],
            ['Sorbet', 'ซอร์เบต์', 139, { kw: ['sherbet'], variants: 'jelly' }],
            ['Gelato', 'เจลาโต้', 189, { kw: ['italian ice cream'] }],
            ['Coconut Ice Cream', 'ไอศกรีมกะทิ', 99, { variants: 'none', kw: ['ไอติมกะทิ'], tags: ['thai'] }],
          ],
        },
        {
          en: 'Ice Cream Sticks & Cones', th: 'ไอศกรีมแท่งและโคน', brands: ['walls', 'magnum', 'cornetto', 'meijiIce', 'nestle'], variants: 'sweet', sizes: 'iceCreamStick', tags: ['kids'],
          kinds: [
            ['Ice Cream Stick', 'ไอศกรีมแท่ง', 25, { kw: ['ice lolly', 'popsicle'] }],
            ['Ice Cream Cone', 'ไอศกรีมโคน', 35, { kw: ['cornet'] }],
            ['Ice Cream Sandwich', 'ไอศกรีมแซนด์วิช', 30, { kw: ['cookie sandwich'] }],
            ['Mochi Ice Cream', 'โมจิไอศกรีม', 45, { kw: ['mochi'], tags: ['japanese'] }],
          ],
        },
        {
          en: 'Ice & Frozen Desserts', th: 'น้ำแข็งและขนมหวานแช่แข็ง', brands: ['myChoice', 'dailyFresh', null], variants: 'none', sizes: 'frozenPack', tags: ['party'],
          kinds: [
            ['Ice Cubes', 'น้ำแข็งก้อน', 20, { sizes: ['1 kg', '2 kg', '5 kg'], kw: ['ice', 'น้ำแข็ง'] }],
            ['Frozen Yogurt', 'โฟรเซนโยเกิร์ต', 99, { kw: ['froyo'] }],
            ['Frozen Berries', 'เบอร์รีรวมแช่แข็ง', 129, { kw: ['smoothie', 'berries'], tags: ['breakfast'] }],
            ['Frozen Durian', 'ทุเรียนแช่แข็ง', 259, { kw: ['durian'], tags: ['thai'] }],
          ],
        },
      ],
    },
    {
      en: 'Frozen Pizza & Pastry',
      th: 'พิซซ่าและแป้งแช่แข็ง',
      l3: [
        {
          en: 'Pizza', th: 'พิซซ่า', brands: ['cp', 'sAndP', 'myChoice', 'gourmetSelect'], variants: 'none', sizes: 'pizza', tags: ['western', 'party'],
          kinds: [
            ['Margherita Pizza', 'พิซซ่ามาร์เกริต้า', 129, { kw: ['pizza', 'cheese pizza'] }],
            ['Hawaiian Pizza', 'พิซซ่าฮาวายเอี้ยน', 139, { kw: ['pizza', 'ham pineapple'] }],
            ['Pepperoni Pizza', 'พิซซ่าเปปเปอโรนี', 149, { kw: ['pizza'] }],
            ['Seafood Pizza', 'พิซซ่าซีฟู้ด', 169, { kw: ['pizza'] }],
          ],
        },
        {
          en: 'Frozen Dough & Breakfast', th: 'แป้งและขนมอบแช่แข็ง', brands: ['myChoice', 'sAndP', 'farmhouse'], variants: 'none', sizes: 'frozenSnack', tags: ['breakfast'],
          kinds: [
            ['Puff Pastry Sheets', 'แป้งพัฟแช่แข็ง', 89, { kw: ['pastry dough'], tags: ['cooking'] }],
            ['Roti Paratha', 'โรตีแช่แข็ง', 69, { kw: ['roti', 'flatbread'] }],
            ['Frozen Waffles', 'วาฟเฟิลแช่แข็ง', 99, { kw: ['waffle'] }],
            ['Frozen Pancakes', 'แพนเค้กแช่แข็ง', 99, { kw: ['pancake', 'hotcake'] }],
          ],
        },
      ],
    },
  ],
};
