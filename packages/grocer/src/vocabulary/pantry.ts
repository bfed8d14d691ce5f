/** Pantry departments: rice, noodles and dry goods; cooking ingredients and sauces; snacks. */
import type { L1Def } from './types.ts';

export const RICE_NOODLES_AND_DRY_GOODS: L1Def = {
  code: '16',
  en: 'Rice, Noodles & Dry Goods',
  th: 'ข้าว เส้น และของแห้ง',
  tags: ['cooking'],
  l2: [
    {
      en: 'Rice',
      th: 'ข้าวสาร',
      kw: ['rice', 'ข้าว'],
      l3: [
        {
          en: 'Jasmine & White Rice', th: 'ข้าวหอมมะลิและข้าวขาว', brands: ['royalUmbrella', 'hongThong', 'mahBoonkrong', 'benjarong', 'kasetRice', 'myChoice'], variants: 'rice', sizes: 'rice', tags: ['thai'],
          kinds: [
            ['Thai Hom Mali Jasmine Rice', 'ข้าวหอมมะลิ', 59, { kw: ['jasmine rice', 'fragrant rice', 'hom mali'] }],
            ['Pathum Thani Fragrant Rice', 'ข้าวหอมปทุมธานี', 45, { kw: ['fragrant rice'] }],
            ['White Rice', 'ข้าวขาวเสาไห้', 39, { kw: ['long grain rice', 'ข้าวสวย'] }],
            ['Broken Jasmine Rice', 'ข้าวหอมมะลิหัก', 32, { kw: ['broken rice', 'rice porridge'] }],
          ],
        },
        {
          en: 'Brown & Healthy Rice', th: 'ข้าวกล้องและข้าวเพื่อสุขภาพ', brands: ['royalUmbrella', 'mahBoonkrong', 'hongThong', 'myChoice'], variants: 'rice', sizes: 'riceSmall', tags: ['healthy'],
          kinds: [
            ['Brown Jasmine Rice', 'ข้าวกล้องหอมมะลิ', 55, { kw: ['brown rice', 'wholegrain'] }],
            ['Riceberry Rice', 'ข้าวไรซ์เบอร์รี่', 69, { kw: ['riceberry', 'purple rice'] }],
            ['Germinated Brown Rice', 'ข้าวกล้องงอก', 79, { kw: ['gaba rice'] }],
            ['Red Jasmine Rice', 'ข้าวหอมมะลิแดง', 65, { kw: ['red rice'] }],
          ],
        },
        {
          en: 'Sticky & Specialty Rice', th: 'ข้าวเหนียวและข้าวพิเศษ', brands: ['royalUmbrella', 'mahBoonkrong', 'koshihikari', 'tilda', 'myChoice'], variants: 'rice', sizes: 'riceSmall',
          kinds: [
            ['Glutinous Rice', 'ข้าวเหนียว', 45, { kw: ['sticky rice', 'ข้าวเหนียวเขี้ยวงู'], tags: ['thai'] }],
            ['Black Sticky Rice', 'ข้าวเหนียวดำ', 69, { kw: ['black glutinous rice'], tags: ['dessert'] }],
            ['Japanese Rice', 'ข้าวญี่ปุ่น', 89, { kw: ['sushi rice', 'koshihikari'], tags: ['japanese'] }],
            ['Basmati Rice', 'ข้าวบาสมาติ', 129, { kw: ['indian rice', 'biryani'], countries: ['India'] }],
          ],
        },
      ],
    },
    {
      en: 'Noodles & Pasta',
      th: 'เส้นและพาสต้า',
      kw: ['noodles', 'เส้น'],
      l3: [
        {
          en: 'Instant Noodles', th: 'บะหมี่กึ่งสำเร็จรูป', brands: ['mama', 'waiWai', 'yumYum', 'nissin', 'knorr'], variants: 'noodle', sizes: 'instantNoodle', tags: ['snack', 'thai'],
          kinds: [
            ['Instant Noodles', 'บะหมี่กึ่งสำเร็จรูป', 7, { kw: ['ramen', 'มาม่า', 'mama'] }],
            ['Cup Noodles', 'บะหมี่ถ้วย', 15, { sizes: 'cupNoodle', kw: ['cup ramen', 'instant noodle cup'] }],
            ['Instant Rice Noodles', 'เส้นเล็กกึ่งสำเร็จรูป', 8, { kw: ['rice noodle soup', 'ก๋วยเตี๋ยว'] }],
            ['Instant Rice Vermicelli', 'เส้นหมี่กึ่งสำเร็จรูป', 8, { kw: ['vermicelli soup'] }],
          ],
        },
        {
          en: 'Instant Porridge & Rice', th: 'โจ๊กและข้าวกึ่งสำเร็จรูป', brands: ['knorr', 'mama', 'waiWai', 'myChoice'], variants: [['Pork', 'รสหมู'], ['Chicken', 'รสไก่'], ['Shrimp', 'รสกุ้ง'], ['Shiitake', 'รสเห็ดหอม']], sizes: ['32 g', '32 g x 5', '45 g x 3'], tags: ['breakfast'],
          kinds: [
            ['Instant Rice Porridge', 'โจ๊กกึ่งสำเร็จรูป', 12, { kw: ['congee', 'jok', 'โจ๊ก'] }],
            ['Instant Rice Soup', 'ข้าวต้มกึ่งสำเร็จรูป', 15, { kw: ['khao tom', 'rice soup'] }],
            ['Instant Cup Congee', 'โจ๊กถ้วย', 20, { kw: ['congee cup'] }],
          ],
        },
        {
          en: 'Korean & Japanese Noodles', th: 'บะหมี่เกาหลีและญี่ปุ่น', brands: ['nongshim', 'samyang', 'nissin', 'bibigo'], variants: 'ramyun', sizes: 'ramyun', tags: ['korean'],
          kinds: [
            ['Korean Ramyun', 'ราเมียนเกาหลี', 39, { kw: ['ramen', 'ramyeon', 'มาม่าเกาหลี'] }],
            ['Hot Chicken Noodles', 'บะหมี่ไก่เผ็ด', 49, { kw: ['buldak', 'spicy noodles'] }],
            ['Jjajang Noodles', 'บะหมี่จาจัง', 45, { kw: ['black bean noodles', 'chapagetti'] }],
            ['Instant Udon', 'อุด้งกึ่งสำเร็จรูป', 55, { kw: ['udon'], tags: ['japanese'] }],
          ],
        },
        {
          en: 'Dried Noodles', th: 'เส้นแห้ง', brands: ['kasetNoodle', 'erawan', 'jayFai', 'myChoice'], variants: 'none', sizes: 'driedNoodle', tags: ['thai'],
          kinds: [
            ['Rice Stick Noodles', 'เส้นจันท์', 25, { kw: ['pad thai noodles', 'rice noodles', 'เส้นผัดไทย'] }],
            ['Rice Vermicelli', 'เส้นหมี่', 22, { kw: ['bee hoon', 'rice noodles'] }],
            ['Glass Noodles', 'วุ้นเส้น', 29, { kw: ['mung bean vermicelli', 'cellophane noodles'] }],
            ['Egg Noodles', 'บะหมี่ไข่', 35, { kw: ['bamee'] }],
            ['Dried Udon', 'อุด้งแห้ง', 45, { kw: ['udon'], tags: ['japanese'] }],
            ['Soba', 'โซบะ', 59, { kw: ['buckwheat noodles'], tags: ['japanese'] }],
          ],
        },
        {
          en: 'Pasta', th: 'พาสต้า', brands: ['barilla', 'sanRemo', 'delVerde', 'myChoice'], variants: 'pastaShape', sizes: 'pasta', tags: ['western'],
          kinds: [
            ['Spaghetti', 'สปาเกตตี', 55, { kw: ['pasta', 'สปาเก็ตตี้'] }],
            ['Penne', 'เพนเน่', 59, { kw: ['pasta'] }],
            ['Fusilli', 'ฟูซิลลี', 59, { kw: ['pasta', 'spirals'] }],
            ['Macaroni', 'มักกะโรนี', 39, { kw: ['pasta', 'elbow macaroni'], tags: ['kids'] }],
            ['Fettuccine', 'เฟตตูชินี', 65, { kw: ['pasta'] }],
            ['Lasagne Sheets', 'แผ่นลาซานญ่า', 89, { kw: ['pasta', 'lasagna'] }],
          ],
        },
      ],
    },
    {
      en: 'Flour, Sugar & Baking',
      th: 'แป้ง น้ำตาล และส่วนผสมเบเกอรี่',
      kw: ['baking', 'ทำขนม'],
      l3: [
        {
          en: 'Flour', th: 'แป้ง', brands: ['ufm', 'erawan', 'myChoice'], variants: 'none', sizes: 'flour',
          kinds: [
            ['All Purpose Flour', 'แป้งสาลีอเนกประสงค์', 35, { kw: ['plain flour', 'wheat flour'] }],
            ['Bread Flour', 'แป้งขนมปัง', 39, { kw: ['strong flour'] }],
            ['Rice Flour', 'แป้งข้าวเจ้า', 25, { kw: ['rice powder'] }],
            ['Glutinous Rice Flour', 'แป้งข้าวเหนียว', 29, { kw: ['sticky rice flour', 'mochiko'] }],
            ['Tapioca Starch', 'แป้งมันสำปะหลัง', 25, { kw: ['cassava starch', 'tapioca flour'] }],
            ['Tempura Flour', 'แป้งเทมปุระ', 45, { kw: ['batter mix'], tags: ['japanese'] }],
          ],
        },
        {
          en: 'Sugar & Sweeteners', th: 'น้ำตาลและสารให้ความหวาน', brands: ['mitrPhol', 'lin', 'wangKhanai', 'equal', 'myChoice'], variants: 'none', sizes: 'sugar',
          kinds: [
            ['White Sugar', 'น้ำตาลทรายขาว', 27, { kw: ['granulated sugar', 'น้ำตาล'] }],
            ['Brown Sugar', 'น้ำตาลทรายแดง', 35, { kw: ['raw sugar', 'น้ำตาล'] }],
            ['Palm Sugar', 'น้ำตาลปี๊บ', 45, { kw: ['coconut sugar', 'น้ำตาลมะพร้าว'], tags: ['thai'] }],
            ['Stevia Sweetener', 'สารให้ความหวานหญ้าหวาน', 129, { sizes: ['40 sachets', '100 sachets', '200 g'], kw: ['sugar free', 'diet'], tags: ['healthy'] }],
            ['Icing Sugar', 'น้ำตาลไอซิ่ง', 39, { kw: ['powdered sugar'], tags: ['dessert'] }],
          ],
        },
        {
          en: 'Baking Ingredients', th: 'ส่วนผสมเบเกอรี่', brands: ['bestFoodsBaking', 'vanHouten', 'ufm', 'mccormick', 'myChoice'], variants: 'none', sizes: 'baking', tags: ['dessert'],
          kinds: [
            ['Baking Powder', 'ผงฟู', 25, { kw: ['leavening'] }],
            ['Instant Yeast', 'ยีสต์สำเร็จรูป', 35, { kw: ['dry yeast'] }],
            ['Cocoa Powder', 'ผงโกโก้', 89, { kw: ['cacao'] }],
            ['Vanilla Extract', 'กลิ่นวานิลลา', 59, { sizes: ['30 ml', '60 ml', '120 ml'], kw: ['vanilla essence'] }],
            ['Cake Mix', 'แป้งเค้กสำเร็จรูป', 79, { sizes: 'flour', kw: ['cake flour', 'premix'] }],
            ['Chocolate Chips', 'ช็อกโกแลตชิพ', 69, { kw: ['choc chips'] }],
          ],
        },
      ],
    },
    {
      en: 'Canned & Jarred',
      th: 'อาหารกระป๋องและขวดโหล',
      kw: ['canned', 'อาหารกระป๋อง'],
      l3: [
        {
          en: 'Canned Vegetables & Fruit', th: 'ผักและผลไม้กระป๋อง', brands: ['delMonte', 'dole', 'maePloy', 'myChoice'], variants: 'none', sizes: 'cannedVeg',
          kinds: [
            ['Canned Sweet Corn', 'ข้าวโพดหวานกระป๋อง', 29, { kw: ['corn'] }],
            ['Baked Beans', 'ถั่วอบซอสมะเขือเทศ', 35, { kw: ['beans in tomato sauce'], tags: ['breakfast'] }],
            ['Pineapple Slices in Syrup', 'สับปะรดในน้ำเชื่อม', 45, { kw: ['canned pineapple'], tags: ['dessert'] }],
            ['Fruit Cocktail', 'ฟรุตค็อกเทล', 55, { kw: ['mixed fruit', 'canned fruit'], tags: ['dessert'] }],
            ['Lychee in Syrup', 'ลิ้นจี่ในน้ำเชื่อม', 49, { kw: ['canned lychee'], tags: ['dessert'] }],
            ['Bamboo Shoots', 'หน่อไม้ต้ม', 25, { kw: ['bamboo'] }],
          ],
        },
        {
          en: 'Canned Meat', th: 'เนื้อสัตว์กระป๋อง', brands: ['spam', 'tulip', 'hormel', 'sanMiguel', 'pumpui'], variants: 'none', sizes: ['200 g', '340 g', '340 g x 3'],
          kinds: [
            ['Luncheon Meat', 'ลันเชียนมีท', 69, { kw: ['spam', 'canned ham', 'หมูแฮมกระป๋อง'] }],
            ['Corned Beef', 'คอร์นบีฟ', 79, { kw: ['canned beef'] }],
            ['Chicken Luncheon Meat', 'ลันเชียนมีทไก่', 59, { kw: ['canned chicken'] }],
            ['Pork Stew in Soy Sauce', 'หมูพะโล้กระป๋อง', 45, { kw: ['canned pork'] }],
          ],
        },
        {
          en: 'Soups', th: 'ซุปกระป๋องและซุปสำเร็จรูป', brands: ['knorr', 'heinz', 'maggi', 'brands', 'myChoice'], variants: 'none', sizes: 'soup',
          kinds: [
            ['Cream of Mushroom Soup', 'ซุปครีมเห็ด', 45, { kw: ['soup'] }],
            ['Chicken Soup', 'ซุปไก่', 39, { kw: ['soup'] }],
            ['Tomato Soup', 'ซุปมะเขือเทศ', 39, { kw: ['soup'] }],
            ['Corn Soup', 'ซุปข้าวโพด', 39, { kw: ['soup', 'cream of corn'] }],
          ],
        },
      ],
    },
    {
      en: 'Beans, Nuts & Dried Goods',
      th: 'ถั่ว ธัญพืช และของแห้ง',
      l3: [
        {
          en: 'Beans & Grains', th: 'ถั่วและธัญพืช', brands: ['myChoice', 'mahBoonkrong', null], variants: 'none', sizes: 'beans', tags: ['healthy'],
          kinds: [
            ['Mung Beans', 'ถั่วเขียว', 35, { kw: ['green gram'] }],
            ['Red Kidney Beans', 'ถั่วแดง', 45, { kw: ['red beans', 'adzuki'] }],
            ['Black Beans', 'ถั่วดำ', 45, { kw: ['black turtle beans'] }],
            ['Quinoa', 'ควินัว', 159, { kw: ['superfood'] }],
            ['Chia Seeds', 'เมล็ดเจีย', 99, { kw: ['superfood', 'chia'] }],
            ['Sesame Seeds', 'งาขาว', 45, { kw: ['sesame'] }],
          ],
        },
        {
          en: 'Dried Fruit & Nuts', th: 'ผลไม้อบแห้งและถั่ว', brands: ['kohKae', 'doiKham', 'myChoice', 'gourmetSelect'], variants: 'none', sizes: 'driedFruit', tags: ['snack', 'healthy'],
          kinds: [
            ['Cashew Nuts', 'เม็ดมะม่วงหิมพานต์', 129, { kw: ['cashews'] }],
            ['Almonds', 'อัลมอนด์', 149, { kw: ['almond'] }],
            ['Peanuts', 'ถั่วลิสง', 35, { kw: ['groundnuts'] }],
            ['Mixed Nuts', 'ถั่วรวม', 159, { kw: ['trail mix'] }],
            ['Dried Mango', 'มะม่วงอบแห้ง', 89, { kw: ['mango'] }],
            ['Raisins', 'ลูกเกด', 59, { kw: ['sultanas'] }],
            ['Macadamia Nuts', 'แมคคาเดเมีย', 199, { kw: ['macadamia'] }],
            ['Dried Cranberries', 'แครนเบอร์รีอบแห้ง', 89, { kw: ['cranberry'] }],
          ],
        },
        {
          en: 'Dried Mushrooms & Seaweed', th: 'เห็ดแห้งและสาหร่าย', brands: ['myChoice', 'taoKaeNoi', null], variants: 'none', sizes: 'driedSeafood',
          kinds: [
            ['Dried Shiitake', 'เห็ดหอมแห้ง', 89, { kw: ['dried mushroom'] }],
            ['Wood Ear Mushroom', 'เห็ดหูหนูดำ', 39, { kw: ['black fungus'] }],
            ['Nori Seaweed Sheets', 'สาหร่ายแผ่นห่อซูชิ', 79, { kw: ['nori', 'sushi', 'seaweed'], tags: ['japanese'] }],
            ['Kombu Kelp', 'สาหร่ายคอมบุ', 99, { kw: ['kelp', 'dashi'], tags: ['japanese'] }],
            ['Wakame', 'สาหร่ายวากาเมะ', 69, { kw: ['seaweed', 'miso soup'], tags: ['japanese'] }],
          ],
        },
      ],
    },
    {
      en: 'Breakfast',
      th: 'อาหารเช้า',
      tags: ['breakfast'],
      l3: [
        {
          en: 'Breakfast Cereals', th: 'ซีเรียล', brands: ['nestle', 'myChoice', 'gourmetSelect'], variants: 'none', sizes: 'cereal', kw: ['cereal', 'ซีเรียล'],
          kinds: [
            ['Corn Flakes', 'คอร์นเฟลกส์', 89, { kw: ['cornflakes'] }],
            ['Chocolate Cereal', 'ซีเรียลรสช็อกโกแลต', 99, { kw: ['koko krunch', 'coco pops'], tags: ['kids'] }],
            ['Honey Cereal Rings', 'ซีเรียลรสน้ำผึ้ง', 99, { kw: ['honey stars', 'cheerios'], tags: ['kids'] }],
            ['Granola', 'กราโนล่า', 159, { kw: ['muesli', 'oat clusters'], tags: ['healthy'] }],
            ['Muesli', 'มูสลี่', 149, { kw: ['swiss muesli'], tags: ['healthy'] }],
          ],
        },
        {
          en: 'Oats', th: 'ข้าวโอ๊ต', brands: ['myChoice', 'nestle', 'gourmetSelect'], variants: 'none', sizes: 'oats', tags: ['healthy'],
          kinds: [
            ['Rolled Oats', 'ข้าวโอ๊ตแบบแผ่น', 89, { kw: ['oatmeal', 'porridge oats'] }],
            ['Instant Oats', 'ข้าวโอ๊ตสำเร็จรูป', 79, { kw: ['quick oats', 'oatmeal'] }],
            ['Oat Bran', 'รำข้าวโอ๊ต', 99, { kw: ['fibre'] }],
          ],
        },
        {
          en: 'Jam & Honey', th: 'แยมและน้ำผึ้ง', brands: ['doiKham', 'bestFoods', 'myChoice', 'gourmetSelect'], variants: [['Strawberry', 'สตรอว์เบอร์รี'], ['Blueberry', 'บลูเบอร์รี'], ['Pineapple', 'สับปะรด'], ['Mixed Berry', 'มิกซ์เบอร์รี'], ['Orange', 'ส้ม']], sizes: 'jar',
          kinds: [
            ['Fruit Jam', 'แยมผลไม้', 59, { kw: ['jam', 'แยม'] }],
            ['Orange Marmalade', 'มาร์มาเลดส้ม', 79, { variants: 'none', kw: ['marmalade'] }],
            ['Wild Honey', 'น้ำผึ้งป่า', 129, { variants: 'none', sizes: 'honey', kw: ['honey', 'น้ำผึ้ง'] }],
            ['Longan Honey', 'น้ำผึ้งดอกลำไย', 119, { variants: 'none', sizes: 'honey', kw: ['honey', 'น้ำผึ้ง'] }],
            ['Maple Syrup', 'เมเปิ้ลไซรัป', 259, { variants: 'none', sizes: ['250 ml', '500 ml'], kw: ['pancake syrup'], countries: ['Canada'] }],
          ],
        },
        {
          en: 'Spreads', th: 'สเปรดทาขนมปัง', brands: ['bestFoods', 'myChoice', 'gourmetSelect'], variants: 'none', sizes: 'jar',
          kinds: [
            ['Peanut Butter', 'เนยถั่ว', 79, { variants: [['Smooth', 'ชนิดบดละเอียด'], ['Crunchy', 'ชนิดบดหยาบ']], kw: ['peanut spread'] }],
            ['Chocolate Hazelnut Spread', 'ช็อกโกแลตเฮเซลนัทสเปรด', 129, { kw: ['nutella', 'chocolate spread'] }],
            ['Kaya Coconut Jam', 'สังขยาใบเตย', 59, { kw: ['kaya', 'coconut jam'], tags: ['thai'] }],
            ['Sweetened Milk Spread', 'สเปรดนมข้น', 45, { kw: ['condensed milk spread'] }],
          ],
        },
      ],
    },
  ],
};

export const COOKING_AND_SAUCES: L1Def = {
  code: '17',
  en: 'Cooking Ingredients & Sauces',
  th: 'เครื่องปรุงและซอส',
  tags: ['cooking'],
  l2: [
    {
      en: 'Thai Sauces',
      th: 'ซอสไทย',
      tags: ['thai'],
      kw: ['sauce', 'ซอส'],
      l3: [
        {
          en: 'Fish Sauce', th: 'น้ำปลา', brands: ['tiparos', 'squid', 'tepparod', 'megachef', 'pantai', 'myChoice'], variants: 'sauce', sizes: 'fishSauce',
          kinds: [
            ['Fish Sauce', 'น้ำปลา', 25, { kw: ['nam pla', 'fishsauce'] }],
            ['Premium Anchovy Fish Sauce', 'น้ำปลาแท้ปลากะตัก', 45, { kw: ['nam pla', 'anchovy'] }],
            ['Fermented Fish Sauce', 'น้ำปลาร้าปรุงสุก', 39, { kw: ['pla ra', 'papaya salad', 'ส้มตำ'] }],
          ],
        },
        {
          en: 'Soy & Seasoning Sauce', th: 'ซีอิ๊วและซอสปรุงรส', brands: ['healthyBoy', 'goldenMountain', 'maggi', 'kikkoman', 'yamasa', 'myChoice'], variants: 'sauce', sizes: 'sauce',
          kinds: [
            ['Light Soy Sauce', 'ซีอิ๊วขาว', 29, { kw: ['soy sauce', 'soya sauce'] }],
            ['Dark Soy Sauce', 'ซีอิ๊วดำ', 35, { kw: ['soy sauce', 'black soy'] }],
            ['Seasoning Sauce', 'ซอสปรุงรส', 32, { kw: ['maggi sauce', 'golden mountain'] }],
            ['Sweet Soy Sauce', 'ซีอิ๊วดำหวาน', 35, { kw: ['kecap manis'] }],
            ['Japanese Soy Sauce', 'โชยุ', 69, { kw: ['shoyu', 'soy sauce'], tags: ['japanese'] }],
          ],
        },
        {
          en: 'Oyster & Dipping Sauce', th: 'ซอสหอยนางรมและน้ำจิ้ม', brands: ['maeKrua', 'healthyBoy', 'maePranom', 'pantai', 'myChoice'], variants: 'sauce', sizes: 'sauce',
          kinds: [
            ['Oyster Sauce', 'ซอสหอยนางรม', 35, { kw: ['stir fry sauce'] }],
            ['Vegetarian Mushroom Sauce', 'ซอสเห็ดหอมเจ', 39, { kw: ['vegetarian oyster sauce'], tags: ['vegetarian'] }],
            ['Sukiyaki Sauce', 'น้ำจิ้มสุกี้', 39, { kw: ['suki', 'hot pot', 'ชาบู'] }],
            ['Seafood Dipping Sauce', 'น้ำจิ้มซีฟู้ด', 39, { kw: ['nam jim seafood'], tags: ['bbq', 'seafood'] }],
            ['Jaew Dipping Sauce', 'น้ำจิ้มแจ่ว', 35, { kw: ['jaew', 'isan dip'], tags: ['bbq'] }],
          ],
        },
        {
          en: 'Chilli Sauces', th: 'ซอสพริกและน้ำพริก', brands: ['sriraja', 'maePloy', 'maePranom', 'rosDee', 'myChoice'], variants: 'chilli', sizes: 'sauceSmall',
          kinds: [
            ['Sriracha Chilli Sauce', 'ซอสพริกศรีราชา', 29, { kw: ['sriracha', 'hot sauce'] }],
            ['Sweet Chilli Sauce', 'น้ำจิ้มไก่', 29, { kw: ['sweet chili dipping sauce'], tags: ['bbq'] }],
            ['Chilli Paste in Oil', 'น้ำพริกเผา', 45, { sizes: 'paste', kw: ['nam prik pao', 'chili jam'] }],
            ['Chilli Vinegar', 'พริกน้ำส้ม', 25, { kw: ['noodle condiment'] }],
          ],
        },
      ],
    },
    {
      en: 'Curry Pastes & Seasoning',
      th: 'เครื่องแกงและผงปรุงรส',
      l3: [
        {
          en: 'Curry Paste', th: 'พริกแกง', brands: ['maePloy', 'maePranom', 'namPrikMaeSri', 'lobo', 'aroyD'], variants: 'chilli', sizes: 'paste', tags: ['thai'],
          kinds: [
            ['Green Curry Paste', 'พริกแกงเขียวหวาน', 29, { kw: ['curry', 'kaeng khiao wan'] }],
            ['Red Curry Paste', 'พริกแกงเผ็ด', 29, { kw: ['curry', 'kaeng phet'] }],
            ['Massaman Curry Paste', 'พริกแกงมัสมั่น', 35, { kw: ['curry', 'massaman'] }],
            ['Panang Curry Paste', 'พริกแกงพะแนง', 29, { kw: ['curry', 'phanaeng'] }],
            ['Tom Yum Paste', 'น้ำพริกต้มยำ', 39, { kw: ['tom yum', 'soup paste'] }],
            ['Yellow Curry Paste', 'พริกแกงกะหรี่', 29, { kw: ['curry', 'kaeng kari'] }],
            ['Khao Soi Paste', 'เครื่องแกงข้าวซอย', 39, { kw: ['khao soi', 'northern curry'] }],
          ],
        },
        {
          en: 'Seasoning Powders', th: 'ผงปรุงรส', brands: ['knorr', 'rosDee', 'ajinomoto', 'prungThip', 'handMark', 'myChoice'], variants: 'none', sizes: 'powder',
          kinds: [
            ['Chicken Stock Powder', 'ผงปรุงรสไก่', 25, { kw: ['bouillon', 'chicken powder'] }],
            ['Pork Stock Cubes', 'ซุปก้อนรสหมู', 25, { sizes: ['40 g', '80 g', '240 g'], kw: ['stock cube', 'bouillon'] }],
            ['Monosodium Glutamate', 'ผงชูรส', 19, { kw: ['msg', 'umami'] }],
            ['Ground White Pepper', 'พริกไทยป่น', 35, { sizes: 'spice', kw: ['pepper'] }],
            ['Chilli Flakes', 'พริกป่น', 25, { sizes: 'spice', kw: ['chili powder', 'crushed chilli'] }],
          ],
        },
        {
          en: 'Instant Sauce Mixes', th: 'ซอสผัดและผงปรุงสำเร็จรูป', brands: ['lobo', 'rosDee', 'knorr', 'sAndBGoldenCurry', 'houseFoods'], variants: 'none', sizes: 'sauceSachet',
          kinds: [
            ['Pad Thai Sauce', 'ซอสผัดไทย', 25, { kw: ['pad thai'], tags: ['thai'] }],
            ['Pad Kra Pao Sauce', 'ซอสผัดกะเพรา', 25, { kw: ['basil stir fry'], tags: ['thai'] }],
            ['Larb Seasoning', 'ผงปรุงลาบ', 20, { kw: ['laab', 'larb'], tags: ['thai'] }],
            ['Japanese Curry Roux', 'แกงกะหรี่ญี่ปุ่นชนิดก้อน', 79, { sizes: ['92 g', '220 g', '1 kg'], kw: ['golden curry', 'curry block'], tags: ['japanese'] }],
            ['Fried Chicken Batter Mix', 'แป้งทอดกรอบ', 25, { kw: ['crispy flour', 'tempura'] }],
          ],
        },
      ],
    },
    {
      en: 'Oils & Vinegar',
      th: 'น้ำมันและน้ำส้มสายชู',
      l3: [
        {
          en: 'Cooking Oil', th: 'น้ำมันพืช', brands: ['morakot', 'kingRiceBran', 'naturel', 'myChoice'], variants: 'oil', sizes: 'cookingOil',
          kinds: [
            ['Palm Oil', 'น้ำมันปาล์ม', 49, { kw: ['vegetable oil', 'frying oil'] }],
            ['Soybean Oil', 'น้ำมันถั่วเหลือง', 59, { kw: ['vegetable oil'] }],
            ['Rice Bran Oil', 'น้ำมันรำข้าว', 79, { kw: ['healthy oil'], tags: ['healthy'] }],
            ['Sunflower Oil', 'น้ำมันดอกทานตะวัน', 89, { kw: ['vegetable oil'] }],
            ['Canola Oil', 'น้ำมันคาโนลา', 95, { kw: ['rapeseed oil'] }],
          ],
        },
        {
          en: 'Olive & Specialty Oil', th: 'น้ำมันมะกอกและน้ำมันพิเศษ', brands: ['bertolli', 'filippoBerio', 'naturel', 'gourmetSelect'], variants: 'oil', sizes: 'premiumOil', tags: ['western'],
          kinds: [
            ['Extra Virgin Olive Oil', 'น้ำมันมะกอกเอ็กซ์ตร้าเวอร์จิ้น', 229, { kw: ['evoo', 'olive oil'], tags: ['healthy'] }],
            ['Pure Olive Oil', 'น้ำมันมะกอก', 189, { kw: ['olive oil'] }],
            ['Sesame Oil', 'น้ำมันงา', 79, { kw: ['toasted sesame'] }],
            ['Virgin Coconut Oil', 'น้ำมันมะพร้าวสกัดเย็น', 149, { kw: ['coconut oil'], tags: ['healthy'] }],
          ],
        },
        {
          en: 'Vinegar', th: 'น้ำส้มสายชู', brands: ['heinzVinegar', 'mizkan', 'heinz', 'myChoice'], variants: 'none', sizes: 'vinegar',
          kinds: [
            ['White Vinegar', 'น้ำส้มสายชูกลั่น', 20, { kw: ['distilled vinegar'] }],
            ['Balsamic Vinegar', 'น้ำส้มบัลซามิก', 159, { kw: ['balsamic'] }],
            ['Apple Cider Vinegar', 'แอปเปิ้ลไซเดอร์วีเนการ์', 129, { kw: ['acv'], tags: ['healthy'] }],
            ['Rice Vinegar', 'น้ำส้มสายชูหมักจากข้าว', 59, { kw: ['sushi vinegar'], tags: ['japanese'] }],
          ],
        },
      ],
    },
    {
      en: 'World Condiments',
      th: 'ซอสและเครื่องปรุงนานาชาติ',
      l3: [
        {
          en: 'Ketchup, Mustard & BBQ', th: 'ซอสมะเขือเทศ มัสตาร์ด และบาร์บีคิว', brands: ['heinz', 'roza', 'frenchs', 'myChoice'], variants: 'none', sizes: 'sauceSmall', tags: ['bbq', 'western'],
          kinds: [
            ['Tomato Ketchup', 'ซอสมะเขือเทศ', 35, { kw: ['ketchup', 'catsup'] }],
            ['Yellow Mustard', 'มัสตาร์ด', 59, { kw: ['mustard'] }],
            ['BBQ Sauce', 'ซอสบาร์บีคิว', 69, { kw: ['barbecue sauce'] }],
            ['Steak Sauce', 'ซอสสเต๊ก', 59, { kw: ['worcestershire'] }],
          ],
        },
        {
          en: 'Mayonnaise & Dressings', th: 'มายองเนสและน้ำสลัด', brands: ['kewpie', 'bestFoods', 'heinz', 'myChoice'], variants: 'none', sizes: 'dressing', tags: ['western'],
          kinds: [
            ['Mayonnaise', 'มายองเนส', 49, { kw: ['mayo'] }],
            ['Thousand Island Dressing', 'น้ำสลัดเธาซันไอแลนด์', 59, { kw: ['salad dressing'] }],
            ['Japanese Sesame Dressing', 'น้ำสลัดงาคั่วญี่ปุ่น', 79, { kw: ['goma dressing', 'salad dressing'], tags: ['japanese'] }],
            ['Caesar Dressing', 'น้ำสลัดซีซาร์', 79, { kw: ['salad dressing'] }],
            ['Creamy Salad Dressing', 'น้ำสลัดครีม', 49, { kw: ['salad cream', 'thai salad dressing'] }],
          ],
        },
        {
          en: 'Japanese & Korean Condiments', th: 'เครื่องปรุงญี่ปุ่นและเกาหลี', brands: ['kikkoman', 'yamasa', 'mizkan', 'houseFoods', 'bibigo'], variants: 'none', sizes: 'sauceSmall', tags: ['japanese'],
          kinds: [
            ['Miso Paste', 'มิโซะ', 89, { sizes: ['300 g', '500 g', '1 kg'], kw: ['miso soup', 'soybean paste'] }],
            ['Gochujang', 'โคชูจัง', 119, { sizes: ['200 g', '500 g', '1 kg'], kw: ['korean chilli paste'], tags: ['korean'] }],
            ['Mirin', 'มิริน', 99, { kw: ['sweet rice seasoning'] }],
            ['Wasabi Paste', 'วาซาบิ', 59, { sizes: ['43 g', '90 g'], kw: ['horseradish', 'sushi'] }],
            ['Teriyaki Sauce', 'ซอสเทอริยากิ', 79, { kw: ['teriyaki'] }],
          ],
        },
        {
          en: 'Pasta Sauce', th: 'ซอสพาสต้า', brands: ['ragu', 'barilla', 'sauceMasterItalia', 'myChoice'], variants: 'none', sizes: 'pastaSauce', tags: ['western'],
          kinds: [
            ['Tomato Basil Pasta Sauce', 'ซอสพาสต้ามะเขือเทศโหระพา', 89, { kw: ['marinara', 'pasta sauce'] }],
            ['Basil Pesto', 'ซอสเพสโต้', 129, { kw: ['pesto'] }],
            ['Carbonara Sauce', 'ซอสคาโบนาร่า', 99, { kw: ['cream sauce'] }],
            ['Bolognese Sauce', 'ซอสโบโลเนส', 99, { kw: ['meat sauce'] }],
          ],
        },
      ],
    },
    {
      en: 'Salt, Spices & Coconut',
      th: 'เกลือ เครื่องเทศ และกะทิ',
      l3: [
        {
          en: 'Salt', th: 'เกลือ', brands: ['prungThip', 'myChoice', 'gourmetSelect'], variants: 'none', sizes: 'salt',
          kinds: [
            ['Iodized Salt', 'เกลือไอโอดีน', 12, { kw: ['table salt'] }],
            ['Sea Salt', 'เกลือทะเล', 35, { kw: ['salt flakes'] }],
            ['Himalayan Pink Salt', 'เกลือชมพูหิมาลัย', 99, { kw: ['pink salt'] }],
          ],
        },
        {
          en: 'Dried Spices', th: 'เครื่องเทศ', brands: ['mccormick', 'handMark', 'myChoice'], variants: 'none', sizes: 'spice',
          kinds: [
            ['Black Pepper', 'พริกไทยดำ', 45, { kw: ['peppercorns'] }],
            ['Cinnamon', 'อบเชย', 39, { kw: ['cinnamon sticks'] }],
            ['Star Anise', 'โป๊ยกั๊ก', 39, { kw: ['anise'] }],
            ['Curry Powder', 'ผงกะหรี่', 35, { kw: ['curry'] }],
            ['Paprika', 'ปาปริก้า', 59, { kw: ['smoked paprika'] }],
            ['Five Spice Powder', 'ผงพะโล้', 29, { kw: ['five spice', 'palo'] }],
            ['Garlic Powder', 'กระเทียมผง', 45, { kw: ['garlic'] }],
          ],
        },
        {
          en: 'Coconut Milk', th: 'กะทิ', brands: ['chaokoh', 'aroyD', 'ayaCoconut', 'myChoice'], variants: 'none', sizes: 'coconut', tags: ['thai'],
          kinds: [
            ['Coconut Milk', 'กะทิ', 22, { kw: ['coconut cream', 'curry'] }],
            ['Coconut Cream', 'หัวกะทิ', 29, { kw: ['coconut milk', 'dessert'], tags: ['dessert'] }],
            ['Coconut Milk Powder', 'กะทิผง', 39, { sizes: ['60 g', '150 g', '1 kg'], kw: ['powdered coconut'] }],
          ],
        },
      ],
    },
  ],
};

export const SNACKS_AND_CONFECTIONERY: L1Def = {
  code: '18',
  en: 'Snacks & Confectionery',
  th: 'ขนมขบเคี้ยวและลูกอม',
  tags: ['snack'],
  l2: [
    {
      en: 'Chips & Crisps',
      th: 'มันฝรั่งทอดและขนมกรุบกรอบ',
      tags: ['party'],
      kw: ['chips', 'crisps'],
      l3: [
        {
          en: 'Potato Chips', th: 'มันฝรั่งทอดกรอบ', brands: ['lays', 'tasto', 'pringles', 'calbee', 'myChoice'], variants: 'chips', sizes: 'chips',
          kinds: [
            ['Potato Chips', 'มันฝรั่งทอดกรอบ', 20, { kw: ['crisps', 'มันฝรั่งแผ่น'] }],
            ['Wavy Potato Chips', 'มันฝรั่งแผ่นหยัก', 22, { kw: ['ridged chips'] }],
            ['Stacked Potato Crisps', 'มันฝรั่งอบกรอบแบบกระบอก', 45, { sizes: 'tubeChips', kw: ['tube chips'] }],
            ['Kettle Cooked Chips', 'มันฝรั่งทอดแบบเคตเทิล', 35, { kw: ['hand cooked crisps'] }],
          ],
        },
        {
          en: 'Corn & Cracker Snacks', th: 'ขนมข้าวโพดและข้าวเกรียบ', brands: ['doritos', 'cheetos', 'hanami', 'taro', 'masita', 'myChoice'], variants: 'chips', sizes: 'snack',
          kinds: [
            ['Tortilla Chips', 'ตอร์ติญ่าชิพส์', 25, { kw: ['nachos', 'corn chips'] }],
            ['Cheese Puffs', 'ข้าวโพดอบกรอบรสชีส', 15, { variants: 'none', kw: ['cheese balls'], tags: ['kids'] }],
            ['Prawn Crackers', 'ข้าวเกรียบกุ้ง', 20, { kw: ['shrimp chips'] }],
            ['Rice Crackers', 'ข้าวอบกรอบ', 25, { kw: ['senbei'] }],
            ['Fish Snack', 'ขนมปลาเส้น', 20, { kw: ['fish strips', 'taro'] }],
          ],
        },
        {
          en: 'Popcorn', th: 'ป๊อปคอร์น', brands: ['tasto', 'myChoice', 'gourmetSelect'], variants: 'none', sizes: ['50 g', '85 g', '200 g'], tags: ['party'],
          kinds: [
            ['Butter Popcorn', 'ป๊อปคอร์นรสเนย', 35, { kw: ['popcorn', 'movie snack'] }],
            ['Caramel Popcorn', 'ป๊อปคอร์นคาราเมล', 45, { kw: ['popcorn', 'sweet popcorn'] }],
            ['Microwave Popcorn', 'ป๊อปคอร์นไมโครเวฟ', 49, { sizes: ['85 g', '85 g x 3'], kw: ['popcorn'] }],
          ],
        },
        {
          en: 'Seaweed Snacks', th: 'สาหร่ายอบกรอบ', brands: ['taoKaeNoi', 'masita', 'bento', 'myChoice'], variants: 'seaweed', sizes: 'seaweed', tags: ['japanese'],
          kinds: [
            ['Crispy Fried Seaweed', 'สาหร่ายทอดกรอบ', 20, { kw: ['seaweed', 'nori snack'] }],
            ['Grilled Seaweed', 'สาหร่ายย่าง', 25, { kw: ['seaweed'] }],
            ['Seaweed Roll', 'สาหร่ายม้วน', 25, { kw: ['seaweed'] }],
          ],
        },
      ],
    },
    {
      en: 'Nuts & Savoury Snacks',
      th: 'ถั่วและขนมคาว',
      l3: [
        {
          en: 'Snack Nuts', th: 'ถั่วอบ', brands: ['kohKae', 'myChoice', 'gourmetSelect'], variants: 'nuts', sizes: 'nuts', tags: ['party'],
          kinds: [
            ['Coated Peanuts', 'ถั่วลิสงเคลือบ', 20, { kw: ['peanuts', 'ถั่ว'] }],
            ['Roasted Broad Beans', 'ถั่วปากอ้าอบ', 25, { kw: ['fava beans'] }],
            ['Green Peas Snack', 'ถั่วลันเตาอบกรอบ', 20, { kw: ['pea crisps'] }],
            ['Roasted Cashews', 'เม็ดมะม่วงหิมพานต์อบ', 59, { kw: ['cashew'] }],
            ['Pistachios', 'พิสตาชิโอ', 129, { kw: ['pistachio'] }],
          ],
        },
        {
          en: 'Meat & Fish Snacks', th: 'ขนมจากเนื้อสัตว์และปลา', brands: ['bento', 'marukan', 'myChoice', null], variants: 'chilli', sizes: 'snack',
          kinds: [
            ['Shredded Squid', 'ปลาหมึกเส้นปรุงรส', 25, { kw: ['squid snack'] }],
            ['Spicy Squid Snack', 'ปลาหมึกอบกรอบรสเผ็ด', 20, { kw: ['squid snack', 'bento'] }],
            ['Pork Crackling', 'แคบหมู', 35, { kw: ['pork rinds', 'cracklings'] }],
            ['Beef Jerky', 'เนื้อแห้งปรุงรส', 59, { kw: ['jerky'] }],
          ],
        },
      ],
    },
    {
      en: 'Biscuits & Cookies',
      th: 'บิสกิตและคุกกี้',
      kw: ['biscuits', 'cookies', 'ขนมปังกรอบ'],
      l3: [
        {
          en: 'Cookies', th: 'คุกกี้', brands: ['imperial', 'danisa', 'oreo', 'myChoice', 'gourmetSelect'], variants: 'sweet', sizes: 'cookies',
          kinds: [
            ['Butter Cookies', 'คุกกี้เนย', 89, { variants: 'none', kw: ['danish cookies'], tags: ['party'] }],
            ['Chocolate Chip Cookies', 'คุกกี้ช็อกโกแลตชิพ', 45, { variants: 'none', kw: ['choc chip'] }],
            ['Sandwich Cookies', 'คุกกี้แซนด์วิช', 25, { kw: ['cream cookies', 'oreo'], tags: ['kids'] }],
            ['Oatmeal Cookies', 'คุกกี้ข้าวโอ๊ต', 49, { variants: 'none', kw: ['oat cookies'], tags: ['healthy'] }],
          ],
        },
        {
          en: 'Biscuit Sticks & Wafers', th: 'บิสกิตแท่งและเวเฟอร์', brands: ['pocky', 'glico', 'lotteChoco', 'voiz', 'myChoice'], variants: 'sweet', sizes: 'biscuitSticks', tags: ['kids'],
          kinds: [
            ['Biscuit Sticks', 'บิสกิตแท่ง', 20, { kw: ['pocky', 'pretz'] }],
            ['Wafers', 'เวเฟอร์', 15, { kw: ['wafer biscuits'] }],
            ['Egg Rolls', 'ทองม้วน', 45, { variants: 'none', kw: ['thai egg rolls', 'love letters'], tags: ['thai'] }],
            ['Choco Pie', 'ช็อกโกพาย', 59, { variants: 'none', sizes: ['6 pcs', '12 pcs', '20 pcs'], kw: ['chocopie', 'marshmallow pie'] }],
          ],
        },
        {
          en: 'Crackers & Bars', th: 'แครกเกอร์และขนมแท่ง', brands: ['voiz', 'fitne', 'imperial', 'myChoice'], variants: 'none', sizes: 'bar',
          kinds: [
            ['Cream Crackers', 'ครีมแครกเกอร์', 35, { sizes: 'cookies', kw: ['crackers'] }],
            ['Cheese Crackers', 'แครกเกอร์รสชีส', 25, { sizes: 'cookies', kw: ['crackers'] }],
            ['Cereal Bar', 'ซีเรียลบาร์', 15, { kw: ['granola bar'], tags: ['breakfast', 'healthy'] }],
            ['Protein Bar', 'โปรตีนบาร์', 65, { kw: ['gym', 'high protein'], tags: ['healthy'] }],
            ['Snack Cake', 'เค้กชิ้นเล็ก', 10, { kw: ['cupcake', 'euro cake'] }],
          ],
        },
      ],
    },
    {
      en: 'Chocolate & Candy',
      th: 'ช็อกโกแลตและลูกอม',
      tags: ['dessert'],
      l3: [
        {
          en: 'Chocolate', th: 'ช็อกโกแลต', brands: ['kitKat', 'cadbury', 'meiji', 'lindt', 'toblerone', 'snickers', 'mAndMs', 'ferrero'], variants: 'chocolate', sizes: 'chocolateBar', kw: ['chocolate', 'ช็อคโกแลต'],
          kinds: [
            ['Chocolate Bar', 'ช็อกโกแลตแท่ง', 35, { kw: ['candy bar'] }],
            ['Chocolate Gift Box', 'ช็อกโกแลตกล่องของขวัญ', 299, { sizes: 'chocolateBox', kw: ['gift', 'pralines'], tags: ['party'] }],
            ['Chocolate Wafer Bar', 'เวเฟอร์เคลือบช็อกโกแลต', 20, { kw: ['kitkat'] }],
            ['Chocolate Coated Peanuts', 'ถั่วเคลือบช็อกโกแลต', 45, { kw: ['m&m', 'chocolate candy'] }],
          ],
        },
        {
          en: 'Candy & Gum', th: 'ลูกอมและหมากฝรั่ง', brands: ['haribo', 'mentos', 'halls', 'jolly', 'lotteChoco'], variants: 'candy', sizes: 'candy', tags: ['kids'],
          kinds: [
            ['Gummy Candy', 'เยลลี่กัมมี่', 29, { kw: ['gummies', 'jelly candy', 'กัมมี่'] }],
            ['Hard Candy', 'ลูกอม', 20, { kw: ['sweets', 'lollies'] }],
            ['Chewing Gum', 'หมากฝรั่ง', 15, { sizes: 'gum', kw: ['gum'] }],
            ['Mints', 'ลูกอมมินต์', 25, { kw: ['breath mints'] }],
            ['Marshmallows', 'มาร์ชเมลโล่', 35, { variants: 'none', kw: ['marshmallow'], tags: ['bbq'] }],
            ['Lollipops', 'อมยิ้ม', 5, { kw: ['lollipop'] }],
          ],
        },
        {
          en: 'Thai Sweets & Dried Fruit Snacks', th: 'ขนมไทยและผลไม้แปรรูป', brands: ['doiKham', 'cocoRico', 'myChoice', null], variants: 'none', sizes: 'driedFruit', tags: ['thai'],
          kinds: [
            ['Tamarind Candy', 'มะขามคลุก', 35, { kw: ['tamarind sweets'] }],
            ['Sun-dried Banana', 'กล้วยตาก', 45, { kw: ['dried banana'] }],
            ['Durian Chips', 'ทุเรียนทอดกรอบ', 129, { kw: ['durian'] }],
            ['Candied Coconut', 'มะพร้าวแก้ว', 49, { kw: ['coconut candy'] }],
            ['Coconut Chips', 'มะพร้าวอบกรอบ', 39, { kw: ['coconut'] }],
          ],
        },
      ],
    },
    {
      en: 'Jelly Snacks',
      th: 'เยลลี่',
      tags: ['kids', 'dessert'],
      l3: [
        {
          en: 'Jelly Drinks & Cups', th: 'เยลลี่ดื่มและเยลลี่ถ้วย', brands: ['jaxx', 'jolly', 'myChoice'], variants: 'jelly', sizes: 'jellyDrink',
          kinds: [
            ['Jelly Drink', 'เยลลี่ดื่ม', 15, { kw: ['jelly pouch'] }],
            ['Jelly Cups', 'เยลลี่ถ้วย', 39, { sizes: 'jellyCup', kw: ['jelly'] }],
            ['Konjac Jelly', 'เยลลี่บุก', 25, { kw: ['konjac'], tags: ['healthy'] }],
            ['Nata de Coco', 'วุ้นมะพร้าวในน้ำเชื่อม', 25, { kw: ['coconut gel'] }],
          ],
        },
      ],
    },
  ],
};
