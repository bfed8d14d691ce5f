/**
 * The hard query set: what shoppers actually type when search lets them down. Thai input slips
 * (sara am typed as nikhahit + sara aa, two sara e for sara ae, tone marks left out or typed in the
 * wrong order), Thai words written in Latin letters, one-edit typos, British and Australian words,
 * a type with an attribute, sizes and pack counts, and dishes or occasions that name no product;
 * then letters typed in the wrong order (a swap, a moved double letter, a tone mark on the wrong
 * letter), an attribute with a type and a form, dish names that products carry (romanised and in
 * Thai), and Thai prefixes typed as search-as-you-type (tone and vowel marks in any order).
 * More than half are written in Thai script.
 *
 * Each query is graded by what the shopper meant, with rules over the generated catalog's product
 * attributes (judgement-rules.ts): 2 for exactly that, 1 for something related they would accept.
 * The set was written before the engine was tuned for it and is never read by the engine.
 */
import { and, l1, l2, l3, brand, name, not, or, querySet, size, type JudgedQuery } from './judgement-rules.ts';

export type HardQueryClass =
  | 'thai-slip'
  | 'romanised'
  | 'typo'
  | 'other-english'
  | 'attribute'
  | 'size'
  | 'intent'
  | 'letter-order'
  | 'all-words'
  | 'romanised-dish'
  | 'thai-prefix';

const {
  queries: QUERIES,
  en,
  th,
} = querySet<HardQueryClass>((cls) => (cls === 'thai-prefix' ? 'AUTOCOMPLETE' : 'SEMANTIC'));

// Shelves reused by several queries.
const milk = l2('Milk');
const freshMilk = l3('Fresh Milk');
const fishSauce = l3('Fish Sauce');
const sugar = and(l3('Sugar & Sweeteners'), name('sugar'));
const granulatedSugar = name('white sugar', 'brown sugar');
const cookingOil = l3('Cooking Oil');
const honey = and(l3('Jam & Honey'), name('honey'));
const dishwashing = name('dishwashing liquid');
const softener = name('fabric softener');
const shampoo = and(l3('Shampoo & Conditioner'), name('shampoo'));
const jasmine = name('jasmine rice', 'hom mali');
const chickenEggs = l3('Chicken Eggs');
const shrimp = l3('Shrimp & Prawns');
const tofu = l3('Tofu');
const mango = and(l2('Fresh Fruit'), name('mango'));
const diapers = l3('Diapers');
const pork = l2('Pork');
const sausages = or(l3('Sausages'), name('sausage'));
const beer = l3('Thai Beer', 'Imported & Craft Beer');
const chickenMeat = and(l1('Meat & Poultry'), name('chicken'));
const butter = l3('Butter & Margarine');
const saltedButter = and(butter, name('salted'), not(name('unsalted')));
const yogurt = l3('Yogurt');
const chocolate = l3('Chocolate');
const toothpaste = l3('Toothpaste');
const soyMilk = name('soy milk');
const catFood = and(l2('Cat'), not(l3('Cat Litter')));
const cannedFish = l3('Canned Fish');
const toiletTissue = l3('Toilet Tissue');
const detergent = l3('Laundry Detergent');
const instantNoodles = l3('Instant Noodles');
const coffee = l3('Instant Coffee', 'Coffee Beans & Capsules', 'Ready to Drink Coffee');
const coffeeBeans = l3('Coffee Beans & Capsules');
const juice = l2('Juice');
// น้ำส้ม is orange juice and, short for น้ำส้มสายชู, vinegar: the catalog itself names chilli in vinegar
// พริกน้ำส้ม and balsamic vinegar น้ำส้มบัลซามิก. Either is what the word asks for.
const namSom = or(and(juice, name('orange')), l3('Vinegar'));
const drinkingWater = l3('Drinking Water');
const wheatFlour = name('all purpose flour', 'bread flour');
const lime = and(l3('Chillies & Limes'), name('lime'));

// Thai input slips: sara am typed as nikhahit, then the tone mark, then sara aa.
th('thai-slip', 'นํ้าปลา', fishSauce, l2('Thai Sauces'));
th('thai-slip', 'นํ้าแข็ง', name('ice cubes'), l3('Ice & Frozen Desserts'));
th('thai-slip', 'นํ้าตาลทราย', granulatedSugar, l3('Sugar & Sweeteners'));
th('thai-slip', 'นํ้ามันพืช', cookingOil, l2('Oils & Vinegar'));
th('thai-slip', 'นํ้าผึ้ง', honey, name('honey'));
th('thai-slip', 'นํ้ายาล้างจาน', dishwashing, l2('Cleaning'));
th('thai-slip', 'นํ้าดื่ม', drinkingWater, l3('Mineral Water'));
th('thai-slip', 'นํ้ามะพร้าว', name('coconut water'), or(name('young coconut'), juice));
th('thai-slip', 'นํ้าส้ม', namSom, juice);
th('thai-slip', 'นํ้ายาปรับผ้านุ่ม', softener, l3('Fabric Care', 'Baby Laundry'));
th('thai-slip', 'นํ้าพริกเผา', name('chilli paste in oil'), l3('Chilli Sauces'));
th('thai-slip', 'นํ้าแร่', l3('Mineral Water'), drinkingWater);
// Two sara e typed for sara ae.
th('thai-slip', 'เเตงโม', name('watermelon'), l3('Citrus & Melons'));
th('thai-slip', 'เเชมพู', shampoo, or(l3('Shampoo & Conditioner'), name('shampoo')));
th('thai-slip', 'เเป้งสาลี', wheatFlour, l3('Flour'));
th('thai-slip', 'เเครอท', and(l2('Fresh Vegetables'), name('carrot')), name('carrot'));
th('thai-slip', 'เเฮม', and(l3('Ham & Bacon'), name('ham')), name('ham & cheese'));
th('thai-slip', 'เเกงเขียวหวาน', name('green curry paste'), name('green curry'));
th('thai-slip', 'เเอปเปิ้ล', and(l3('Apples & Pears'), name('apple')), name('apple'));
th('thai-slip', 'เเซลมอน', and(l1('Fish & Seafood'), name('salmon')), name('salmon'));
th('thai-slip', 'เเยมสตรอว์เบอร์รี', and(name('jam'), name('strawberry')), and(l3('Jam & Honey'), name('jam')));
th('thai-slip', 'นมเเพะ', name('goat milk'), l3('UHT Milk'));
th('thai-slip', 'กาเเฟ', coffee, name('coffee'));
th('thai-slip', 'เเตงกวา', name('cucumber'), l3('Fruit Vegetables'));
// Tone marks (and the silent-letter mark) left out.
th('thai-slip', 'ขาวหอมมะลิ', jasmine, l3('Jasmine & White Rice'));
th('thai-slip', 'ไขไก', chickenEggs, l2('Eggs'));
th('thai-slip', 'กุงขาว', name('white shrimp'), shrimp);
th('thai-slip', 'นำปลา', fishSauce, l2('Thai Sauces'));
th('thai-slip', 'เตาหู', tofu, name('tofu'));
th('thai-slip', 'มะมวง', mango, name('mango'));
th('thai-slip', 'ผาออมเด็ก', diapers, l2('Diapers & Wipes'));
th('thai-slip', 'นำตาล', sugar, l3('Sugar & Sweeteners'));
th('thai-slip', 'เนือหมู', pork, name('pork'));
th('thai-slip', 'ซีอิวขาว', name('light soy sauce'), l3('Soy & Seasoning Sauce'));
th('thai-slip', 'กลวยหอม', name('banana kluai hom'), name('banana'));
th('thai-slip', 'ไสกรอกหมู', and(sausages, name('pork')), sausages);
th('thai-slip', 'ลินจี', name('lychee'));
th('thai-slip', 'เบียรชาง', and(brand('Chang'), beer), beer);
// Marks typed in another order than the canonical one, or twice.
th('thai-slip', 'เน้ือวัว', and(l2('Beef & Lamb'), not(l3('Lamb'))), name('beef'));
th('thai-slip', 'ซ่ีโครงหมู', name('spare ribs'), pork);
th('thai-slip', 'อกไก่่', name('chicken breast'), l2('Chicken & Duck'));

// Thai words written in Latin letters: RTGS and the common informal spellings.
en('romanised', 'khao pad', name('fried rice'), l3('Thai Ready Meals'));
en('romanised', 'nam tan', sugar, l3('Sugar & Sweeteners'));
en('romanised', 'gai', chickenMeat, name('chicken'));
en('romanised', 'moo', pork, name('pork'));
en('romanised', 'moo sab', and(l1('Meat & Poultry'), name('minced pork')), pork);
en('romanised', 'kaprao', name('holy basil'), name('basil chicken rice', 'pad kra pao'));
en('romanised', 'khai', chickenEggs, l2('Eggs'));
en('romanised', 'goong', shrimp, name('shrimp', 'prawn'));
en('romanised', 'nom sod', freshMilk, milk);
en('romanised', 'kafae yen', l3('Ready to Drink Coffee'), coffee);
en('romanised', 'cha yen', name('thai tea'), or(name('milk tea'), l3('Tea')));
en('romanised', 'khao niao', and(l2('Rice'), name('glutinous', 'sticky')), name('sticky rice', 'glutinous'));
en('romanised', 'mamuang', mango, name('mango'));
en('romanised', 'kluay', and(l2('Fresh Fruit'), name('banana')), name('banana'));
en('romanised', 'taeng mo', name('watermelon'), l3('Citrus & Melons'));
en('romanised', 'pak boong', name('morning glory'), l3('Leafy Greens'));
en('romanised', 'kratiam', and(l3('Root Vegetables & Onions'), name('garlic')), name('garlic'));
en('romanised', 'prik', and(l3('Chillies & Limes'), name('chilli')), name('chilli', 'chili'));
en('romanised', 'manao', lime, name('lime', 'manao'));
en('romanised', 'nam khaeng', name('ice cubes'), l3('Ice & Frozen Desserts'));
en('romanised', 'nam som', namSom, juice);
en('romanised', 'pla muek', and(l3('Squid & Shellfish'), name('squid', 'cuttlefish')), name('squid'));
en('romanised', 'tao hoo', tofu, name('tofu'));
en('romanised', 'woon sen', name('glass noodles'), l3('Dried Noodles'));
en('romanised', 'nam phueng', honey, name('honey'));
en('romanised', 'khanom pang', l2('Bread'), l1('Bakery'));

// One-edit typos: transpositions (one edit, even in four letters), deletions, insertions.
en('typo', 'mlik', milk, name('milk'));
en('typo', 'suagr', sugar, l3('Sugar & Sweeteners'));
en('typo', 'rcie', l2('Rice'), name('rice'));
en('typo', 'tnua', and(or(cannedFish, l3('Fish Fillets')), name('tuna')), name('tuna'));
en('typo', 'prok', pork, name('pork'));
en('typo', 'sopa', l3('Soap & Shower'), name('soap'));
en('typo', 'braed', l2('Bread'), l1('Bakery'));
en('typo', 'chese', l3('Cheese'), name('cheese'));
en('typo', 'buttre', butter, name('butter'));
en('typo', 'cofee', coffee, name('coffee'));
en('typo', 'yogrut', or(yogurt, l3('Drinking Yogurt')), name('yogurt'));
en('typo', 'onoin', and(l3('Root Vegetables & Onions'), name('onion')), name('onion'));
en('typo', 'garlci', and(l3('Root Vegetables & Onions'), name('garlic')), name('garlic'));
en('typo', 'shmapoo', shampoo, l3('Shampoo & Conditioner'));
th('typo', 'สับประรด', and(l1('Fruit & Vegetables'), name('pineapple')), name('pineapple'));
th('typo', 'โยเกิร์ท', or(yogurt, l3('Drinking Yogurt')), name('yogurt'));
th('typo', 'มายองเนท', name('mayonnaise'), l3('Mayonnaise & Dressings'));
th('typo', 'ซอสมะเขือเทส', name('ketchup'), or(name('tomato sauce', 'pasta sauce'), l3('Ketchup, Mustard & BBQ')));
th('typo', 'น้ำยาปรับผ้าหนุ่ม', softener, l3('Fabric Care'));
th('typo', 'ผ้าอ้อมเด้ก', diapers, l2('Diapers & Wipes'));
th('typo', 'ซีเรียว', l3('Breakfast Cereals'), or(l3('Oats'), name('cereal')));
th('typo', 'คุ้กกี้', l3('Cookies'), l2('Biscuits & Cookies'));
th('typo', 'กะหล่ำปรี', and(name('cabbage'), not(name('chinese'))), name('cabbage'));
th('typo', 'ปลาแซลม่อน', and(l1('Fish & Seafood'), name('salmon')), name('salmon'));
th('typo', 'เห็ดเข็มทอน', name('enoki'), l3('Mushrooms'));
th('typo', 'บรอกโคลี่', name('broccoli'), l3('Beans, Corn & Brassicas'));
th('typo', 'ช็อกโกแลค', chocolate, name('chocolate'));
th('typo', 'ผงซักฝอก', detergent, l2('Laundry'));

// Other Englishes: British and Australian words for what the catalog names otherwise.
en('other-english', 'courgette', name('zucchini'), l3('Fruit Vegetables'));
en('other-english', 'aubergine', name('eggplant'), l3('Fruit Vegetables'));
en('other-english', 'capsicum', name('bell pepper'), l3('Fruit Vegetables'));
en('other-english', 'kitchen roll', name('kitchen towel'), l3('Facial & Kitchen Tissue'));
en('other-english', 'fizzy drinks', l2('Soft Drinks'), or(l3('Soda Water & Mixers'), name('sparkling')));
en('other-english', 'clingfilm', name('cling film'), l3('Bags & Wraps'));
en('other-english', 'nappies', diapers, l2('Diapers & Wipes'));
en('other-english', 'dummy', name('pacifier'), l3('Feeding Accessories'));
en('other-english', 'ice lollies', name('ice cream stick'), l3('Ice Cream Sticks & Cones'));
en('other-english', 'crisps', l3('Potato Chips'), l2('Chips & Crisps'));
en('other-english', 'biscuits', l2('Biscuits & Cookies'), name('biscuit', 'cookie'));
en('other-english', 'rockmelon', name('cantaloupe'), name('melon'));
en('other-english', 'beef mince', name('minced beef'), l2('Beef & Lamb'));
en(
  'other-english',
  'semi skimmed milk',
  and(milk, name('low fat')),
  or(and(milk, name('skimmed')), l3('Fresh Milk', 'UHT Milk')),
);
en('other-english', 'double cream', name('whipping cream'), and(l3('Cream & Condensed Milk'), name('cream')));
en('other-english', 'caster sugar', name('white sugar'), l3('Sugar & Sweeteners'));
en('other-english', 'tinned tuna', and(cannedFish, name('tuna')), cannedFish);
en('other-english', 'loo roll', toiletTissue, l2('Paper & Tissue'));
en('other-english', 'chook', and(l2('Chicken & Duck'), name('chicken')), name('chicken'));
en('other-english', 'snags', sausages, l3('Thai Processed Meat'));
en('other-english', 'lollies', l3('Candy & Gum'), l2('Chocolate & Candy'));
en('other-english', 'icy poles', name('ice cream stick'), l3('Ice Cream Sticks & Cones'));
en('other-english', 'paw paw', and(l2('Fresh Fruit'), name('papaya')), name('papaya'));
en('other-english', 'sultanas', name('raisin'), l3('Dried Fruit & Nuts'));

// A type with an attribute: both matter, the type most.
en('attribute', 'salted butter', saltedButter, butter);
en('attribute', 'unsalted butter', and(butter, name('unsalted')), butter);
en('attribute', 'plain yogurt', and(yogurt, name('plain')), yogurt);
en('attribute', 'low fat milk', and(milk, name('low fat')), l3('Fresh Milk', 'UHT Milk'));
en('attribute', 'dark chocolate', and(chocolate, name('dark')), chocolate);
en('attribute', 'cheese sausage', and(l3('Sausages'), name('cheese')), sausages);
en(
  'attribute',
  'spicy ramen',
  and(l3('Korean & Japanese Noodles'), name('spicy', 'hot chicken')),
  l3('Korean & Japanese Noodles', 'Instant Noodles'),
);
en('attribute', 'free range eggs', name('free range eggs'), chickenEggs);
en('attribute', 'unsweetened almond milk', and(name('almond milk'), name('unsweetened')), name('almond milk'));
en('attribute', 'whitening toothpaste', and(toothpaste, name('whitening')), toothpaste);
en('attribute', 'anti dandruff shampoo', and(shampoo, name('anti-dandruff')), shampoo);
en('attribute', 'dark roast coffee', and(coffeeBeans, name('dark roast')), coffeeBeans);
en('attribute', 'whole wheat pasta', and(l3('Pasta'), name('whole wheat')), l3('Pasta'));
th('attribute', 'เนยเค็ม', saltedButter, butter);
th('attribute', 'นมพร่องมันเนย', and(milk, name('low fat')), l3('Fresh Milk', 'UHT Milk'));
th('attribute', 'โยเกิร์ตรสธรรมชาติ', and(yogurt, name('plain')), yogurt);
th('attribute', 'ช็อกโกแลตดาร์ก', and(chocolate, name('dark')), chocolate);
th('attribute', 'ไส้กรอกชีส', and(l3('Sausages'), name('cheese')), sausages);
th('attribute', 'ยาสีฟันสมุนไพร', and(toothpaste, name('herbal')), toothpaste);
th('attribute', 'นมถั่วเหลืองไม่หวาน', and(soyMilk, name('unsweetened')), soyMilk);
th(
  'attribute',
  'มาม่ารสหมูสับ',
  and(brand('Mama'), name('minced pork')),
  or(and(instantNoodles, name('minced pork')), brand('Mama')),
);
th('attribute', 'ทรายแมวกลิ่นกาแฟ', and(l3('Cat Litter'), name('coffee')), l3('Cat Litter'));
th('attribute', 'กระดาษชำระไม่มีกลิ่น', and(toiletTissue, name('unscented')), toiletTissue);
th('attribute', 'ข้าวกล้องหอมมะลิออร์แกนิก', and(name('brown jasmine rice'), name('organic')), name('brown jasmine rice'));
th('attribute', 'ชาเขียวน้ำผึ้งมะนาว', and(name('green tea drink'), name('honey lemon')), name('green tea drink'));
th('attribute', 'อาหารแมวรสแซลมอน', and(catFood, name('salmon')), catFood);
th('attribute', 'ทูน่าในน้ำมัน', and(cannedFish, name('tuna'), name('in oil')), and(cannedFish, name('tuna')));
th('attribute', 'กาแฟคั่วเข้ม', and(coffeeBeans, name('dark roast')), coffeeBeans);
th('attribute', 'ผงซักฟอกสำหรับผิวแพ้ง่าย', and(detergent, name('sensitive')), detergent);

// Sizes and pack counts, in either language's units, with or without spaces.
en('size', 'juice 1 litre', and(juice, size('1 L')), juice);
en('size', 'sugar 1kg', and(sugar, size('1 kg')), sugar);
en('size', 'soda water 6 x 325 ml', and(name('soda water'), size('325 ml x 6')), name('soda water'));
en('size', 'beer 6 x 320ml', and(l3('Thai Beer'), size('320 ml x 6')), beer);
en('size', 'water 12 x 600ml', and(drinkingWater, size('600 ml x 12')), drinkingWater);
en('size', '15 eggs', and(chickenEggs, size('15 pcs')), chickenEggs);
en('size', 'toilet paper 24 rolls', and(toiletTissue, size('24 rolls')), toiletTissue);
en('size', 'cat food 7kg', and(l3('Cat Dry Food'), size('7 kg')), l3('Cat Dry Food'));
en('size', 'fresh milk 2 litres', and(freshMilk, size('2 L')), freshMilk);
en('size', 'olive oil 500ml', and(name('olive oil'), size('500 ml')), name('olive oil'));
en('size', 'flour 1 kg', and(l3('Flour'), size('1 kg')), l3('Flour'));
en('size', 'yogurt 4 x 135g', and(yogurt, size('135 g x 4')), yogurt);
en('size', 'canned coffee 6 x 180 ml', and(name('canned coffee'), size('180 ml x 6')), name('canned coffee'));
th('size', 'น้ำผลไม้ 1 ลิตร', and(juice, size('1 L')), juice);
th('size', 'น้ำตาลทราย 1 กก.', and(granulatedSugar, size('1 kg')), granulatedSugar);
th('size', 'น้ำอัดลม 325 มล. แพ็ค 6', and(l2('Soft Drinks'), size('325 ml x 6')), l2('Soft Drinks'));
th('size', 'เบียร์ 320 มล. 6 กระป๋อง', and(l3('Thai Beer'), size('320 ml x 6')), beer);
th('size', 'น้ำดื่ม 600 มล. 12 ขวด', and(drinkingWater, size('600 ml x 12')), drinkingWater);
th('size', 'ไข่ไก่ 15 ฟอง', and(chickenEggs, size('15 pcs')), chickenEggs);
th('size', 'ทิชชู่ 24 ม้วน', and(toiletTissue, size('24 rolls')), l2('Paper & Tissue'));
th('size', 'อาหารแมว 7 กก.', and(l3('Cat Dry Food'), size('7 kg')), l3('Cat Dry Food'));
th('size', 'นมสด 2 ลิตร', and(freshMilk, size('2 L')), freshMilk);
th('size', 'น้ำมันพืช 5 ลิตร', and(cookingOil, size('5 L')), cookingOil);
th('size', 'ข้าวสาร 15 กิโล', and(l2('Rice'), size('15 kg')), l2('Rice'));
th('size', 'มาม่า 30 ซอง', and(brand('Mama'), instantNoodles, size('60 g x 30')), and(brand('Mama'), instantNoodles));
th('size', 'กาแฟ 3in1 100 ซอง', and(name('coffee 3 in 1'), size('100 sachets')), name('coffee 3 in 1'));
th('size', 'น้ำปลา 1.5 ลิตร', and(fishSauce, size('1.5 L')), fishSauce);
th('size', 'ผงซักฟอก 800 กรัม', and(detergent, size('800 g')), detergent);
th('size', 'แป้งสาลี 1 กิโล', and(wheatFlour, size('1 kg')), wheatFlour);
th('size', 'โค้ก 1.25 ลิตร', and(l3('Cola'), size('1.25 L')), l3('Cola'));

// Intents: a dish or an occasion, which no product is named after; graded by its ingredients or needs.
const tomKha2 = or(and(l3('Thai Herbs'), name('galangal', 'lemongrass', 'kaffir lime')), l3('Coconut Milk'));
const tomKha1 = or(
  and(l2('Chicken & Duck'), name('chicken')),
  name('straw mushroom', 'oyster mushroom'),
  and(l3('Chillies & Limes'), name('chilli', 'lime')),
  fishSauce,
);
const newborn2 = or(l2('Diapers & Wipes', 'Baby Care'), l3('Infant Formula'));
const newborn1 = l1('Baby & Kids');
const bbq2 = or(l3('BBQ Skewers', 'Marinated Meat'), name('charcoal', 'skewer', 'bbq sauce', 'moo kratha'));
const bbq1 = or(
  l3('Sausages', 'Pork Cuts', 'Ketchup, Mustard & BBQ', 'Chicken Cuts', 'Beef Steaks', 'Party & BBQ Supplies'),
  name('bbq'),
);
const birthday2 = or(l3('Cakes'), name('birthday candles'));
const birthday1 = or(
  and(l3('Party & BBQ Supplies'), not(name('charcoal', 'skewer'))),
  l3('Potato Chips', 'Cola', 'Flavoured Soft Drinks', 'Ice Cream Tubs'),
  name('whipping cream'),
);
const cake2 = or(
  l3('Flour', 'Baking Ingredients'),
  name('unsalted butter', 'whipping cream', 'icing sugar', 'white sugar'),
);
const cake1 = or(chickenEggs, freshMilk, butter);
const somTam2 = or(
  and(l2('Fresh Fruit'), name('papaya')),
  name('dried shrimp', 'fermented fish sauce', 'yardlong bean', "bird's eye chilli"),
  lime,
);
const somTam1 = or(name('tomato', 'palm sugar', 'peanuts', 'garlic'), fishSauce);
const kraPao2 = or(
  name('holy basil', 'pad kra pao', 'basil chicken rice'),
  and(l1('Meat & Poultry'), name('minced pork', 'minced chicken')),
);
const kraPao1 = or(name("bird's eye chilli", 'oyster sauce', 'garlic'), chickenEggs, fishSauce);
const larb2 = or(name('larb'), and(l1('Meat & Poultry'), name('minced pork', 'minced chicken')));
const larb1 = or(name('mint', 'shallot', 'chilli flakes', 'coriander', 'spring onion', 'rice flour'), lime, fishSauce);
const clearSoup2 = or(
  name('clear soup vegetable set', 'glass noodles', 'egg tofu'),
  and(l1('Meat & Poultry'), name('minced pork')),
);
const clearSoup1 = or(
  name('chinese cabbage', 'pork bones', 'seasoning sauce', 'spring onion', 'coriander'),
  tofu,
  l3('Meatballs'),
);
const sushi2 = or(
  name('japanese rice', 'nori', 'rice vinegar', 'wasabi', 'japanese soy sauce', 'tuna saku'),
  l3('Sashimi'),
);
const sushi1 = or(l3('Sushi'), name('salmon fillet', 'mirin'));
const movie2 = or(l3('Popcorn', 'Potato Chips'));
const movie1 = or(l3('Corn & Cracker Snacks', 'Cola', 'Flavoured Soft Drinks', 'Chocolate', 'Snack Nuts'));
const workout2 = or(name('protein bar', 'high protein milk', 'greek yogurt'), l3('Sports Drinks'));
const workout1 = or(name('chicken breast', 'banana', 'whey'), l3('Energy Drinks'), chickenEggs);
const massaman2 = or(
  name('massaman'),
  l3('Coconut Milk'),
  and(l3('Root Vegetables & Onions'), name('potato')),
  and(l2('Chicken & Duck'), name('chicken')),
);
const massaman1 = or(name('peanuts', 'onion', 'palm sugar', 'cinnamon', 'star anise'), fishSauce);
const hotPot2 = or(
  name(
    'sukiyaki sauce',
    'sliced pork for shabu',
    'sliced beef for sukiyaki',
    'sukiyaki vegetable set',
    'seafood hot pot set',
  ),
);
const hotPot1 = or(l3('Meatballs'), name('enoki', 'glass noodles', 'egg tofu', 'chinese cabbage'));
const alms2 = or(drinkingWater, instantNoodles, cannedFish, l3('Jasmine & White Rice', 'UHT Milk'));
const alms1 = or(l3('Canned Meat', 'Canned Vegetables & Fruit', 'Instant Porridge & Rice'), l2('Rice'));

en('intent', 'tom kha gai', tomKha2, tomKha1);
en('intent', 'things for a newborn', newborn2, newborn1);
en('intent', 'what do i need for a barbecue', bbq2, bbq1);
en('intent', 'birthday party', birthday2, birthday1);
en('intent', 'baking a cake', cake2, cake1);
en('intent', 'som tam', somTam2, somTam1);
en('intent', 'pad kra pao', kraPao2, kraPao1);
en('intent', 'larb', larb2, larb1);
en('intent', 'sushi night', sushi2, sushi1);
en('intent', 'movie night snacks', movie2, movie1);
en('intent', 'post workout', workout2, workout1);
en('intent', 'massaman curry', massaman2, massaman1);
en('intent', 'shabu at home', hotPot2, hotPot1);
th('intent', 'ต้มข่าไก่', tomKha2, tomKha1);
th('intent', 'ของใช้เด็กแรกเกิด', newborn2, newborn1);
th('intent', 'ปาร์ตี้ปิ้งย่าง', bbq2, bbq1);
th('intent', 'งานวันเกิด', birthday2, birthday1);
th('intent', 'ทำเค้ก', cake2, cake1);
th('intent', 'ส้มตำไทย', somTam2, somTam1);
th('intent', 'ผัดกะเพรา', kraPao2, kraPao1);
th('intent', 'ลาบหมู', larb2, larb1);
th('intent', 'แกงจืด', clearSoup2, clearSoup1);
th('intent', 'ทำซูชิ', sushi2, sushi1);
th('intent', 'ดูหนัง', movie2, movie1);
th('intent', 'แกงมัสมั่น', massaman2, massaman1);
th('intent', 'ออกกำลังกาย', workout2, workout1);
th('intent', 'ใส่บาตร', alms2, alms1);
th('intent', 'ชาบูที่บ้าน', hotPot2, hotPot1);

// Letters in the wrong order: a double letter moved or dropped, two neighbours swapped, a tone mark on the wrong letter.
const freshTomato = and(l1('Fruit & Vegetables'), name('tomato'));
en('letter-order', 'brocolli', name('broccoli'), l3('Beans, Corn & Brassicas'));
en('letter-order', 'zuchinni', name('zucchini'), l3('Fruit Vegetables'));
en('letter-order', 'cabagge', and(name('cabbage'), not(name('chinese'))), name('cabbage'));
en('letter-order', 'cinammon', name('cinnamon'), l3('Dried Spices'));
en('letter-order', 'mozarela', name('mozzarella'), l3('Cheese'));
en('letter-order', 'cappucino', name('cappuccino'), coffee);
th('letter-order', 'กลว้ย', and(l2('Fresh Fruit'), name('banana')), name('banana'));
th('letter-order', 'มะมว่ง', mango, name('mango'));
th('letter-order', 'น้ำลปา', fishSauce, l2('Thai Sauces'));
th('letter-order', 'แซมลอน', and(l1('Fish & Seafood'), name('salmon')), name('salmon'));
th('letter-order', 'มะเขอืเทศ', freshTomato, name('tomato'));
th('letter-order', 'ผงซกัฟอก', detergent, l2('Laundry'));

// An attribute, a type and a form together: the products that are all of them first.
const instantNoodleShelves = or(instantNoodles, l3('Korean & Japanese Noodles'));
const spicyNoodles = and(instantNoodleShelves, name('spicy', 'hot'));
const shreddedMozzarella = and(name('mozzarella'), name('shredded'));
const concentratedPowder = and(detergent, name('powder'), name('concentrated'));
const wholeWheatSpaghetti = and(name('spaghetti'), name('whole wheat'));
const smokedChickenSausage = and(sausages, name('chicken'), name('smoked'));
const lowFatStrawberryYogurt = and(yogurt, name('low fat'), name('strawberry'));
en('all-words', 'spicy instant noodles', spicyNoodles, instantNoodleShelves);
en('all-words', 'shredded mozzarella cheese', shreddedMozzarella, name('mozzarella'));
en('all-words', 'concentrated detergent powder', concentratedPowder, detergent);
en('all-words', 'whole wheat spaghetti', wholeWheatSpaghetti, name('spaghetti'));
en('all-words', 'smoked chicken sausage', smokedChickenSausage, sausages);
en('all-words', 'low fat strawberry yogurt', lowFatStrawberryYogurt, yogurt);
th('all-words', 'บะหมี่กึ่งสำเร็จรูป รสเผ็ด', spicyNoodles, instantNoodleShelves);
th('all-words', 'มอซซาเรลลาชีส ขูดเส้น', shreddedMozzarella, name('mozzarella'));
th('all-words', 'ผงซักฟอก สูตรเข้มข้น', concentratedPowder, detergent);
th('all-words', 'สปาเกตตี โฮลวีต', wholeWheatSpaghetti, name('spaghetti'));
th('all-words', 'ไส้กรอกไก่ รมควัน', smokedChickenSausage, sausages);
th('all-words', 'โยเกิร์ตไขมันต่ำ สตรอว์เบอร์รี', lowFatStrawberryYogurt, yogurt);

// Dish names that products carry, romanised and in Thai: the products named for the dish before its parts.
const namPrik = or(l3('Dips & Chilli Pastes'), name('nam prik'));
en('romanised-dish', 'nam prik', name('nam prik'), l3('Dips & Chilli Pastes', 'Chilli Sauces'));
en('romanised-dish', 'moo nam tok', name('moo nam tok'), instantNoodles);
en('romanised-dish', 'tom yum kung', name('tom yum kung'), name('tom yum'));
en('romanised-dish', 'khao soi', name('khao soi'), l3('Curry Paste'));
en('romanised-dish', 'moo kratha', name('moo kratha'), l3('Marinated Meat'));
en('romanised-dish', 'pad kra pao', name('kra pao', 'basil chicken rice'), name('holy basil'));
th('romanised-dish', 'น้ำพริกหนุ่ม', name('nam prik noom'), namPrik);
th('romanised-dish', 'น้ำพริกอ่อง', name('nam prik ong'), namPrik);
th('romanised-dish', 'หมูน้ำตก', name('moo nam tok'), instantNoodles);
th('romanised-dish', 'ต้มยำกุ้ง', name('tom yum kung'), name('tom yum'));
th('romanised-dish', 'ข้าวซอย', name('khao soi'), l3('Curry Paste'));
th('romanised-dish', 'หมูกระทะ', name('moo kratha'), l3('Marinated Meat'));

// Thai typed as search-as-you-type: a word's start, its tone and vowel marks in any order or slipped.
th('thai-prefix', 'ช็อก', chocolate, name('chocolate'));
th('thai-prefix', 'ช๊อก', chocolate, name('chocolate'));
th('thai-prefix', 'ชอกโก', chocolate, name('chocolate'));
th('thai-prefix', 'แชม', shampoo, l3('Shampoo & Conditioner'));
th('thai-prefix', 'เเชมพ', shampoo, l3('Shampoo & Conditioner'));
th('thai-prefix', 'แชมพ', shampoo, l3('Shampoo & Conditioner'));
th('thai-prefix', 'นํ้ามันพ', cookingOil, l2('Oils & Vinegar'));
th('thai-prefix', 'นำ้ผึ', honey, name('honey'));
th('thai-prefix', 'โยเกิ', or(yogurt, l3('Drinking Yogurt')), name('yogurt'));
th('thai-prefix', 'ไส้กร', sausages, name('sausage'));
th('thai-prefix', 'บรอก', name('broccoli'), l3('Beans, Corn & Brassicas'));
th('thai-prefix', 'มายอ', name('mayonnaise'), l3('Mayonnaise & Dressings'));

/** The hard query set. */
export const HARD_QUERIES: readonly JudgedQuery<HardQueryClass>[] = QUERIES;
