/** Drinks departments: beverages; beer, wine and spirits (alcohol). */
import type { L1Def } from './types.ts';

export const BEVERAGES: L1Def = {
  code: '19',
  en: 'Beverages',
  th: 'เครื่องดื่ม',
  tags: ['drink'],
  l2: [
    {
      en: 'Water & Mixers',
      th: 'น้ำดื่มและมิกเซอร์',
      l3: [
        {
          en: 'Drinking Water', th: 'น้ำดื่ม', brands: ['singhaWater', 'crystal', 'nestlePureLife', 'auraWater', 'myChoice'], variants: 'none', sizes: 'water',
          kinds: [
            ['Drinking Water', 'น้ำดื่ม', 7, { kw: ['water', 'bottled water', 'น้ำเปล่า'] }],
            ['Alkaline Water', 'น้ำดื่มอัลคาไลน์', 15, { kw: ['water', 'ph water'] }],
          ],
        },
        {
          en: 'Mineral Water', th: 'น้ำแร่', brands: ['minere', 'auraWater', 'evian', 'perrier', 'sanPellegrino'], variants: 'none', sizes: 'mineralWater',
          kinds: [
            ['Natural Mineral Water', 'น้ำแร่ธรรมชาติ', 12, { kw: ['water', 'spring water'] }],
            ['Sparkling Mineral Water', 'น้ำแร่อัดก๊าซ', 45, { kw: ['sparkling water', 'fizzy water'] }],
          ],
        },
        {
          en: 'Soda Water & Mixers', th: 'โซดาและมิกเซอร์', brands: ['singhaWater', 'schweppes', 'chang'], variants: 'none', sizes: 'mixer', tags: ['party'],
          kinds: [
            ['Soda Water', 'โซดา', 12, { kw: ['club soda', 'mixer'] }],
            ['Tonic Water', 'โทนิค', 20, { kw: ['gin and tonic', 'mixer'] }],
            ['Ginger Ale', 'จินเจอร์เอล', 20, { kw: ['mixer'] }],
          ],
        },
      ],
    },
    {
      en: 'Soft Drinks',
      th: 'น้ำอัดลม',
      kw: ['soda', 'soft drink', 'fizzy drink', 'น้ำอัดลม'],
      tags: ['party'],
      l3: [
        {
          en: 'Cola', th: 'โคล่า', brands: ['cocaCola', 'pepsi', 'est'], variants: 'soda', sizes: 'softDrink',
          kinds: [
            ['Cola', 'น้ำอัดลมโคล่า', 15, { kw: ['coke', 'โค้ก'] }],
            ['Cola Zero Sugar', 'โคล่าสูตรไม่มีน้ำตาล', 15, { variants: 'none', kw: ['diet coke', 'coke zero'] }],
          ],
        },
        {
          en: 'Flavoured Soft Drinks', th: 'น้ำอัดลมรสผลไม้', brands: ['fanta', 'sprite', 'est', 'schweppes'], variants: 'none', sizes: 'softDrink',
          kinds: [
            ['Orange Soda', 'น้ำอัดลมกลิ่นส้ม', 15, { kw: ['orange soft drink'] }],
            ['Lemon-Lime Soda', 'น้ำอัดลมเลมอนไลม์', 15, { kw: ['lemonade', '7up'] }],
            ['Strawberry Soda', 'น้ำแดง', 15, { kw: ['red soda', 'น้ำแดงโซดา'] }],
            ['Cream Soda', 'น้ำเขียว', 15, { kw: ['green soda', 'ครีมโซดา'] }],
            ['Manao Soda', 'มะนาวโซดา', 18, { kw: ['lime soda'] }],
          ],
        },
      ],
    },
    {
      en: 'Juice',
      th: 'น้ำผลไม้',
      kw: ['juice', 'น้ำผลไม้'],
      tags: ['breakfast', 'healthy'],
      l3: [
        {
          en: '100% Juice', th: 'น้ำผลไม้ 100%', brands: ['tipco', 'malee', 'doiKham', 'unif', 'myChoice'], variants: 'juice', sizes: 'juice',
          kinds: [
            ['Fruit Juice 100%', 'น้ำผลไม้ 100%', 20, { kw: ['pure juice'] }],
            ['Orange Juice 100%', 'น้ำส้ม 100%', 25, { variants: 'none', kw: ['oj', 'น้ำส้มคั้น'] }],
            ['Coconut Water', 'น้ำมะพร้าว', 25, { variants: 'none', kw: ['coconut juice', 'น้ำมะพร้าวน้ำหอม'] }],
            ['Vegetable Juice', 'น้ำผักผสมผลไม้', 25, { variants: 'none', kw: ['green juice', 'v8'] }],
          ],
        },
        {
          en: 'Fruit & Herbal Drinks', th: 'น้ำผลไม้และเครื่องดื่มสมุนไพร', brands: ['unif', 'malee', 'greenMate', 'doiKham', 'myChoice'], variants: 'none', sizes: 'readyDrink', tags: ['thai'],
          kinds: [
            ['Fruit Drink', 'เครื่องดื่มน้ำผลไม้', 12, { variants: 'juice', kw: ['juice drink'] }],
            ['Chrysanthemum Drink', 'น้ำเก๊กฮวย', 12, { kw: ['chrysanthemum tea', 'herbal drink'] }],
            ['Roselle Drink', 'น้ำกระเจี๊ยบ', 12, { kw: ['hibiscus', 'herbal drink'] }],
            ['Longan Drink', 'น้ำลำไย', 12, { kw: ['longan juice'] }],
            ['Bael Fruit Drink', 'น้ำมะตูม', 12, { kw: ['bael', 'herbal drink'] }],
            ['Grass Jelly Drink', 'เฉาก๊วยพร้อมดื่ม', 15, { kw: ['grass jelly', 'chao kuay'] }],
          ],
        },
      ],
    },
    {
      en: 'Coffee & Tea',
      th: 'กาแฟและชา',
      tags: ['breakfast'],
      l3: [
        {
          en: 'Instant Coffee', th: 'กาแฟสำเร็จรูป', brands: ['nescafe', 'birdy', 'moccona', 'myChoice'], variants: 'none', sizes: 'instantCoffee', tags: ['coffee'],
          kinds: [
            ['Instant Coffee', 'กาแฟสำเร็จรูป', 99, { kw: ['coffee powder', 'เนสกาแฟ'] }],
            ['Coffee 3 in 1', 'กาแฟปรุงสำเร็จ 3 อิน 1', 65, { sizes: 'coffeeSachets', variants: 'coffee', kw: ['3in1', 'coffee mix', 'กาแฟซอง'] }],
            ['Freeze Dried Coffee', 'กาแฟฟรีซดราย', 189, { kw: ['gold coffee'] }],
          ],
        },
        {
          en: 'Coffee Beans & Capsules', th: 'เมล็ดกาแฟและกาแฟแคปซูล', brands: ['doiChaang', 'doiTung', 'starbucks', 'dolceGusto', 'gourmetSelect'], variants: 'roast', sizes: 'coffeeBeans', tags: ['coffee'],
          kinds: [
            ['Roasted Coffee Beans', 'เมล็ดกาแฟคั่ว', 259, { kw: ['coffee beans', 'whole bean'] }],
            ['Ground Coffee', 'กาแฟคั่วบด', 229, { kw: ['filter coffee'] }],
            ['Coffee Capsules', 'กาแฟแคปซูล', 199, { sizes: 'coffeeCapsules', kw: ['pods', 'nespresso'] }],
            ['Drip Coffee Bags', 'กาแฟดริปแบบซอง', 129, { sizes: ['5 sachets', '10 sachets', '20 sachets'], kw: ['drip bag', 'pour over'] }],
          ],
        },
        {
          en: 'Ready to Drink Coffee', th: 'กาแฟพร้อมดื่ม', brands: ['nescafe', 'birdy', 'starbucks', 'doiChaang'], variants: 'coffee', sizes: 'canCoffee', tags: ['coffee'],
          kinds: [
            ['Canned Coffee', 'กาแฟกระป๋อง', 15, { kw: ['iced coffee', 'กาแฟเย็น'] }],
            ['Bottled Latte', 'ลาเต้พร้อมดื่ม', 35, { sizes: 'readyDrink', kw: ['iced latte'] }],
            ['Cold Brew Coffee', 'กาแฟสกัดเย็น', 55, { variants: 'none', sizes: 'readyDrink', kw: ['cold brew'] }],
          ],
        },
        {
          en: 'Tea', th: 'ชา', brands: ['lipton', 'chaTraMue', 'twinings', 'raming', 'myChoice'], variants: 'none', sizes: 'teaBags',
          kinds: [
            ['Black Tea Bags', 'ชาดำชนิดซอง', 59, { kw: ['english breakfast', 'tea bags'] }],
            ['Green Tea Bags', 'ชาเขียวชนิดซอง', 65, { kw: ['tea bags'], tags: ['healthy'] }],
            ['Thai Tea Mix', 'ชาไทย', 89, { sizes: 'teaLeaves', kw: ['thai milk tea', 'ชาเย็น', 'cha yen'], tags: ['thai'] }],
            ['Chamomile Tea', 'ชาคาโมมายล์', 129, { kw: ['herbal tea'] }],
            ['Jasmine Tea', 'ชามะลิ', 79, { kw: ['chinese tea'] }],
            ['Oolong Tea', 'ชาอู่หลง', 149, { sizes: 'teaLeaves', kw: ['chinese tea'] }],
          ],
        },
        {
          en: 'Ready to Drink Tea', th: 'ชาพร้อมดื่ม', brands: ['oishi', 'ichitan', 'pokka', 'lipton'], variants: 'tea', sizes: 'readyDrink',
          kinds: [
            ['Green Tea Drink', 'ชาเขียวพร้อมดื่ม', 20, { kw: ['iced green tea'], tags: ['japanese'] }],
            ['Lemon Iced Tea', 'ชามะนาว', 20, { variants: 'none', kw: ['ice tea'] }],
            ['Milk Tea', 'ชานม', 25, { variants: 'none', kw: ['bubble tea', 'thai milk tea'] }],
          ],
        },
      ],
    },
    {
      en: 'Malt & Cocoa Drinks',
      th: 'เครื่องดื่มมอลต์และโกโก้',
      tags: ['breakfast', 'kids'],
      l3: [
        {
          en: 'Malt & Cocoa', th: 'เครื่องดื่มช็อกโกแลตมอลต์', brands: ['milo', 'ovaltine', 'vanHouten', 'myChoice'], variants: 'none', sizes: 'malt',
          kinds: [
            ['Chocolate Malt Drink', 'เครื่องดื่มช็อกโกแลตมอลต์', 99, { kw: ['milo', 'chocolate drink'] }],
            ['Malt Drink Powder', 'เครื่องดื่มมอลต์', 89, { kw: ['ovaltine'] }],
            ['Hot Chocolate', 'ช็อกโกแลตร้อน', 129, { kw: ['cocoa', 'hot cocoa'] }],
          ],
        },
      ],
    },
    {
      en: 'Energy & Sports Drinks',
      th: 'เครื่องดื่มชูกำลังและเกลือแร่',
      l3: [
        {
          en: 'Energy Drinks', th: 'เครื่องดื่มชูกำลัง', brands: ['kratingDaeng', 'm150', 'carabao', 'cVitt'], variants: 'none', sizes: 'energy',
          kinds: [
            ['Energy Drink', 'เครื่องดื่มชูกำลัง', 10, { kw: ['red bull', 'energy shot'] }],
            ['Vitamin C Drink', 'เครื่องดื่มวิตามินซี', 15, { kw: ['vitamin water'], tags: ['healthy'] }],
            ['Collagen Drink', 'เครื่องดื่มคอลลาเจน', 25, { kw: ['beauty drink'], tags: ['beauty'] }],
          ],
        },
        {
          en: 'Sports Drinks', th: 'เครื่องดื่มเกลือแร่', brands: ['sponsor', 'pocari', 'gatorade'], variants: 'none', sizes: 'sportsDrink',
          kinds: [
            ['Electrolyte Drink', 'เครื่องดื่มเกลือแร่', 12, { kw: ['isotonic', 'rehydration'] }],
            ['Ion Supply Drink', 'เครื่องดื่มไอออนซัพพลาย', 20, { kw: ['isotonic', 'hydration'] }],
          ],
        },
        {
          en: 'Kombucha & Functional Drinks', th: 'คอมบูชาและเครื่องดื่มฟังก์ชัน', brands: ['greenMate', 'malee', 'myChoice', 'gourmetSelect'], variants: 'none', sizes: 'readyDrink', tags: ['healthy'],
          kinds: [
            ['Kombucha', 'คอมบูชา', 69, { kw: ['fermented tea', 'probiotic'] }],
            ['Fibre Drink', 'เครื่องดื่มผสมใยอาหาร', 25, { kw: ['fiber', 'detox'] }],
            ['Aloe Vera Drink', 'น้ำว่านหางจระเข้', 20, { kw: ['aloe'] }],
          ],
        },
        {
          en: 'Grain Drinks', th: 'เครื่องดื่มธัญพืช', brands: ['vitamilk', 'lactasoy', 'myChoice'], variants: 'none', sizes: 'readyDrink', tags: ['breakfast', 'healthy'],
          kinds: [
            ['Multigrain Drink', 'เครื่องดื่มธัญพืชรวม', 15, { kw: ['cereal drink'] }],
            ['Black Sesame Drink', 'เครื่องดื่มงาดำ', 15, { kw: ['sesame milk'] }],
            ['Job\'s Tears Drink', 'น้ำลูกเดือย', 15, { kw: ['barley drink', 'coix'] }],
          ],
        },
        {
          en: 'Non-alcoholic Beer & Malt', th: 'เบียร์ไร้แอลกอฮอล์', brands: ['singha', 'chang', 'heineken'], variants: 'none', sizes: 'importedBeer',
          kinds: [
            ['Non-alcoholic Beer', 'เบียร์ไร้แอลกอฮอล์', 35, { kw: ['alcohol free beer', '0.0', 'beer'] }],
            ['Malt Soda', 'มอลต์โซดา', 25, { kw: ['malt drink'] }],
          ],
        },
      ],
    },
  ],
};

export const BEER_WINE_AND_SPIRITS: L1Def = {
  code: '20',
  en: 'Beer, Wine & Spirits',
  th: 'เบียร์ ไวน์ และสุรา',
  tags: ['alcohol', 'party'],
  alcohol: true,
  l2: [
    {
      en: 'Beer',
      th: 'เบียร์',
      kw: ['beer', 'เบียร์'],
      tags: ['bbq'],
      l3: [
        {
          en: 'Thai Beer', th: 'เบียร์ไทย', brands: ['singha', 'chang', 'leo', 'federbrau'], variants: 'beer', sizes: 'beerCan',
          kinds: [
            ['Lager Beer', 'เบียร์ลาเกอร์', 42, { kw: ['lager'] }],
            ['Premium Malt Beer', 'เบียร์มอลต์พรีเมียม', 48, { kw: ['malt beer'] }],
            ['Draught Beer', 'เบียร์สด', 45, { kw: ['draft beer'] }],
          ],
        },
        {
          en: 'Imported & Craft Beer', th: 'เบียร์นำเข้าและคราฟต์เบียร์', brands: ['heineken', 'tiger', 'asahi', 'kirin', 'hoegaarden', 'guinness', 'chalawan'], variants: 'none', sizes: 'importedBeer', tags: ['imported'],
          kinds: [
            ['Imported Lager', 'เบียร์ลาเกอร์นำเข้า', 55, { kw: ['lager'] }],
            ['Wheat Beer', 'เบียร์ข้าวสาลี', 89, { kw: ['witbier', 'weissbier'] }],
            ['Stout', 'เบียร์ดำ', 95, { kw: ['dark beer'] }],
            ['India Pale Ale', 'ไอพีเอ', 119, { kw: ['ipa', 'craft beer'] }],
            ['Japanese Dry Beer', 'เบียร์ญี่ปุ่นสูตรดราย', 69, { kw: ['super dry'], tags: ['japanese'] }],
          ],
        },
        {
          en: 'Cider & Hard Seltzer', th: 'ไซเดอร์และฮาร์ดเซลท์เซอร์', brands: ['somersby', 'whiteClaw'], variants: 'cooler', sizes: 'importedBeer',
          kinds: [
            ['Apple Cider', 'ไซเดอร์แอปเปิ้ล', 65, { variants: 'none', kw: ['cider'] }],
            ['Hard Seltzer', 'ฮาร์ดเซลท์เซอร์', 69, { kw: ['spiked seltzer'] }],
          ],
        },
      ],
    },
    {
      en: 'Wine',
      th: 'ไวน์',
      kw: ['wine', 'ไวน์'],
      l3: [
        {
          en: 'Red Wine', th: 'ไวน์แดง', brands: ['jacobsCreek', 'yellowTail', 'penfolds', 'conchaYToro', 'granMonte'], variants: 'redWine', sizes: 'wine',
          kinds: [
            ['Red Wine', 'ไวน์แดง', 490, { kw: ['vino tinto'] }],
            ['Reserve Red Wine', 'ไวน์แดงรีเซิร์ฟ', 890, { kw: ['premium wine'] }],
          ],
        },
        {
          en: 'White Wine', th: 'ไวน์ขาว', brands: ['jacobsCreek', 'yellowTail', 'conchaYToro', 'granMonte'], variants: 'whiteWine', sizes: 'wine',
          kinds: [
            ['White Wine', 'ไวน์ขาว', 490, { kw: ['vino blanco'] }],
            ['Reserve White Wine', 'ไวน์ขาวรีเซิร์ฟ', 850, { kw: ['premium wine'] }],
          ],
        },
        {
          en: 'Sparkling & Rosé', th: 'สปาร์กลิงไวน์และโรเซ่', brands: ['moet', 'martini', 'jacobsCreek', 'granMonte'], variants: 'none', sizes: 'wine', tags: ['party'],
          kinds: [
            ['Sparkling Wine', 'สปาร์กลิงไวน์', 690, { kw: ['prosecco', 'bubbly'] }],
            ['Champagne', 'แชมเปญ', 2490, { kw: ['champagne', 'celebration'], countries: ['France'] }],
            ['Rosé Wine', 'ไวน์โรเซ่', 590, { kw: ['rose wine', 'pink wine'] }],
          ],
        },
        {
          en: 'Wine Cooler, Sake & Umeshu', th: 'ไวน์คูลเลอร์ สาเก และเหล้าบ๊วย', brands: ['spy', 'montClair', 'choya', 'gekkeikan'], variants: 'none', sizes: 'wineCooler',
          kinds: [
            ['Wine Cooler', 'ไวน์คูลเลอร์', 35, { variants: 'cooler', kw: ['alcopop'] }],
            ['Umeshu Plum Wine', 'เหล้าบ๊วย', 390, { sizes: ['720 ml', '1 L'], kw: ['plum wine', 'ume'], tags: ['japanese'] }],
            ['Junmai Sake', 'สาเกจุนไม', 490, { sizes: ['300 ml', '720 ml', '1.8 L'], kw: ['sake', 'nihonshu'], tags: ['japanese'] }],
          ],
        },
      ],
    },
    {
      en: 'Spirits',
      th: 'สุรา',
      kw: ['spirits', 'liquor', 'เหล้า'],
      l3: [
        {
          en: 'Whisky', th: 'วิสกี้', brands: ['johnnieWalker', 'chivas', 'glenfiddich', 'jameson'], variants: 'spirit', sizes: 'spirits',
          kinds: [
            ['Blended Scotch Whisky', 'สก็อตช์วิสกี้', 890, { kw: ['whiskey', 'scotch'] }],
            ['Single Malt Whisky', 'ซิงเกิลมอลต์วิสกี้', 1890, { kw: ['whiskey', 'malt'] }],
            ['Irish Whiskey', 'ไอริชวิสกี้', 990, { kw: ['whisky'] }],
          ],
        },
        {
          en: 'Thai Spirits', th: 'สุราไทย', brands: ['hongThongSpirit', 'blend285', 'sangSom', 'regency'], variants: 'none', sizes: 'spirits', tags: ['thai'],
          kinds: [
            ['Thai Whisky', 'สุราผสมไทย', 220, { kw: ['thai whiskey', 'เหล้าไทย'] }],
            ['Thai Rum', 'รัมไทย', 260, { kw: ['rum'] }],
            ['Thai Brandy', 'บรั่นดีไทย', 390, { kw: ['brandy'] }],
          ],
        },
        {
          en: 'Vodka, Gin & Rum', th: 'วอดก้า จิน และรัม', brands: ['smirnoff', 'absolut', 'gordons', 'bacardi', 'joseCuervo', 'hennessy'], variants: 'none', sizes: 'spirits',
          kinds: [
            ['Vodka', 'วอดก้า', 590, { kw: ['vodka'] }],
            ['London Dry Gin', 'ลอนดอนดรายจิน', 690, { kw: ['gin', 'gin tonic'] }],
            ['White Rum', 'ไวท์รัม', 590, { kw: ['rum', 'mojito'] }],
            ['Tequila', 'เตกีล่า', 890, { kw: ['tequila', 'margarita'] }],
            ['Cognac', 'คอนยัค', 2590, { kw: ['brandy', 'cognac'] }],
          ],
        },
        {
          en: 'Liqueurs', th: 'ลิเคียวร์', brands: ['baileys', 'kahlua', 'cointreau'], variants: 'none', sizes: ['375 ml', '700 ml', '1 L'], tags: ['dessert'],
          kinds: [
            ['Irish Cream Liqueur', 'ไอริชครีมลิเคียวร์', 890, { kw: ['cream liqueur'] }],
            ['Coffee Liqueur', 'ลิเคียวร์กาแฟ', 790, { kw: ['espresso martini'] }],
            ['Orange Liqueur', 'ลิเคียวร์ส้ม', 1090, { kw: ['triple sec', 'cocktail'] }],
          ],
        },
      ],
    },
  ],
};
