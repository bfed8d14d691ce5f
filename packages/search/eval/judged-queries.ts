/**
 * The judged query set: what shoppers type (English, Thai, mixed, typos, brands, barcodes, sizes,
 * concepts, cross-language and prefixes), each judged by rules over product attributes, so the
 * judgements hold for any catalog the generator makes: grade 2 for exactly what was asked, 1 for
 * something related a shopper would accept, 0 otherwise. Rules read the English attributes, which
 * are the generator's canonical ones (every product carries both languages).
 */
import type { Product } from '@grocery/core';
import {
  and,
  brand,
  l1,
  l2,
  l3,
  name,
  not,
  or,
  querySet,
  size,
  type JudgedQuery,
  type Rule,
} from './judgement-rules.ts';

export type QueryClass =
  'english' | 'thai' | 'mixed' | 'typo' | 'brand' | 'barcode' | 'size' | 'concept' | 'cross-language' | 'prefix';
export type { JudgedQuery } from './judgement-rules.ts';

const { queries: QUERIES, en, th } = querySet<QueryClass>((cls) => (cls === 'prefix' ? 'AUTOCOMPLETE' : 'SEMANTIC'));

// Shelves reused by several queries.
const freshMilk = l3('Fresh Milk');
const milk = l2('Milk');
const sausages = or(l3('Sausages'), name('sausage'));
const jasmine = name('jasmine rice', 'hom mali');
const fishSauce = l3('Fish Sauce');
const instantNoodles = l3('Instant Noodles');
const chocolate = l3('Chocolate');
const iceCream = l3('Ice Cream Tubs', 'Ice Cream Sticks & Cones');
const shampoo = and(l3('Shampoo & Conditioner'), name('shampoo'));
const toothpaste = l3('Toothpaste');
const catFood = and(l2('Cat'), not(l3('Cat Litter')));
const dogFood = l2('Dog');
const detergent = l3('Laundry Detergent');
const softener = name('fabric softener');
const coconutMilk = l3('Coconut Milk');
const chickenEggs = l3('Chicken Eggs');
const bread = l2('Bread');
const butter = l3('Butter & Margarine');
const cheese = l3('Cheese');
const yogurt = l3('Yogurt', 'Drinking Yogurt');
const beer = l3('Thai Beer', 'Imported & Craft Beer');
const redWine = l3('Red Wine');
const coffee = l3('Instant Coffee', 'Coffee Beans & Capsules', 'Ready to Drink Coffee');
const porkBelly = name('pork belly');
const chickenBreast = name('chicken breast');
const shrimp = l3('Shrimp & Prawns');
const tofu = l3('Tofu');
const diapers = l3('Diapers');
const babyWipes = l3('Baby Wipes');
const toiletTissue = l3('Toilet Tissue');
const potatoChips = l3('Potato Chips');
const mineralWater = l3('Mineral Water');
const soySauce = name('soy sauce');
const cereal = l3('Breakfast Cereals');
const honey = and(l3('Jam & Honey'), name('honey'));
const sushi = l3('Sushi');
const cookingOil = l3('Cooking Oil');
const cannedFish = l3('Canned Fish');
const greenCurry = name('green curry paste');
const soyMilk = name('soy milk');

// English: everyday product words.
en('english', 'fresh milk', freshMilk, milk);
en('english', 'uht milk', l3('UHT Milk'), milk);
en('english', 'sausage', sausages);
en('english', 'jasmine rice', jasmine, l3('Jasmine & White Rice'));
en('english', 'fish sauce', fishSauce, l2('Thai Sauces'));
en('english', 'instant noodles', instantNoodles, l3('Korean & Japanese Noodles'));
en('english', 'chocolate', chocolate, name('chocolate'));
en('english', 'ice cream', iceCream, l3('Ice & Frozen Desserts'));
en('english', 'shampoo', shampoo, l3('Shampoo & Conditioner', 'Baby Bath & Skin'));
en('english', 'toothpaste', toothpaste, l3('Toothbrush & Mouthwash'));
en('english', 'cat food', catFood, l3('Cat Litter'));
en('english', 'dog food', dogFood);
en('english', 'laundry detergent', detergent, l2('Laundry'));
en('english', 'fabric softener', softener, l3('Fabric Care', 'Baby Laundry'));
en('english', 'olive oil', name('olive oil'), l2('Oils & Vinegar'));
en('english', 'green curry paste', greenCurry, l3('Curry Paste'));
en('english', 'coconut milk', coconutMilk);
en('english', 'eggs', l2('Eggs'), name('egg'));
en('english', 'bread', bread, l1('Bakery'));
en('english', 'butter', butter, name('butter'));
en('english', 'cheese', cheese, name('cheese'));
en('english', 'yogurt', yogurt, name('yogurt'));
en('english', 'beer', beer, l3('Non-alcoholic Beer & Malt'));
en('english', 'red wine', redWine, l2('Wine'));
en('english', 'whisky', l3('Whisky'), l2('Spirits'));
en('english', 'orange juice', and(l2('Juice'), name('orange')), l2('Juice'));
en('english', 'green tea', name('green tea'), l3('Tea', 'Ready to Drink Tea'));
en('english', 'coffee beans', l3('Coffee Beans & Capsules'), coffee);
en('english', 'pork belly', porkBelly, l2('Pork'));
en('english', 'chicken breast', chickenBreast, l2('Chicken & Duck'));
en('english', 'salmon', name('salmon'), l1('Fish & Seafood'));
en('english', 'shrimp', shrimp, name('shrimp', 'prawn'));
en('english', 'tofu', tofu, name('tofu'));
en('english', 'diapers', diapers, l2('Diapers & Wipes'));
en('english', 'baby wipes', babyWipes, l2('Diapers & Wipes'));
en('english', 'toilet paper', toiletTissue, l2('Paper & Tissue'));
en('english', 'potato chips', potatoChips, l2('Chips & Crisps'));
en('english', 'cookies', l3('Cookies'), l2('Biscuits & Cookies'));
en('english', 'mineral water', mineralWater, l3('Drinking Water'));
en('english', 'soy sauce', soySauce, l3('Soy & Seasoning Sauce'));
en('english', 'mayonnaise', name('mayonnaise'), l3('Mayonnaise & Dressings'));
en('english', 'pasta', l3('Pasta'), l3('Pasta Sauce'));
en('english', 'cereal', cereal, or(l3('Oats'), name('cereal')));
en('english', 'honey', honey, name('honey'));
en('english', 'frozen dumplings', l3('Dim Sum & Dumplings'), l2('Frozen Meals'));
en('english', 'sushi', sushi, l3('Sashimi'));
en('english', 'vitamin c', and(l3('Vitamins & Supplements'), name('vitamin c')), l3('Vitamins & Supplements'));
en('english', 'energy drink', l3('Energy Drinks'), l2('Energy & Sports Drinks'));
en('english', 'cooking oil', cookingOil, l2('Oils & Vinegar'));
en('english', 'cat litter', l3('Cat Litter'), l2('Cat'));
en('english', 'garbage bags', name('garbage bag'), l3('Bags & Wraps'));
en('english', 'dish soap', name('dishwashing', 'dish'), l2('Cleaning'));
// Plurals and other inflections, and several attributes at once.
en('english', 'sausages', sausages);
en('english', 'strawberries', and(l2('Fresh Fruit'), name('strawberr')), name('strawberr'));
en('english', 'cherries', and(l2('Fresh Fruit'), name('cherry')), name('cherry'));
en('english', 'tomatoes', and(l1('Fruit & Vegetables'), name('tomato')), name('tomato'));
en('english', 'mangoes', and(l1('Fruit & Vegetables'), name('mango')), name('mango'));
en('english', 'chillies', and(l1('Fruit & Vegetables'), name('chilli')), name('chilli'));
en('english', 'noodle', or(instantNoodles, l3('Dried Noodles', 'Korean & Japanese Noodles')), name('noodle'));
en('english', 'frozen prawns', and(l3('Frozen Seafood'), name('shrimp', 'prawn')), or(l3('Frozen Seafood'), shrimp));
en(
  'english',
  'meiji pasteurized milk plain',
  and(brand('Meiji'), freshMilk, name('plain')),
  and(freshMilk, name('plain')),
);
en(
  'english',
  'cp pork sausage smoked 500 g',
  and(brand('CP'), name('pork sausage'), name('smoked'), size('500 g')),
  and(brand('CP'), sausages),
);
en('english', "lay's bbq", and(brand("Lay's"), name('bbq')), brand("Lay's"));
en('english', 'nescafe instant coffee', and(brand('Nescafé'), l3('Instant Coffee')), l3('Instant Coffee'));
en('english', 'ichitan green tea no sugar', and(brand('Ichitan'), name('no sugar')), name('green tea'));
en(
  'english',
  'foremost drinking yogurt orange',
  and(brand('Foremost'), l3('Drinking Yogurt'), name('orange')),
  and(l3('Drinking Yogurt'), name('orange')),
);
en(
  'english',
  'bertolli extra virgin olive oil',
  and(brand('Bertolli'), name('extra virgin')),
  name('extra virgin olive oil'),
);
en('english', 'whole wheat bread', and(bread, name('whole wheat')), bread);
en(
  'english',
  'tuna in spring water',
  and(cannedFish, name('tuna'), name('spring water')),
  and(cannedFish, name('tuna')),
);
en('english', 'soy milk less sugar', and(soyMilk, name('less sugar')), soyMilk);

// Thai: the same needs typed in Thai (lang th).
th('thai', 'นมสด', freshMilk, milk);
th('thai', 'นมถั่วเหลือง', soyMilk, l3('Soy & Plant Milk'));
th('thai', 'ไส้กรอก', sausages);
th('thai', 'ข้าวหอมมะลิ', jasmine, l3('Jasmine & White Rice'));
th('thai', 'น้ำปลา', fishSauce, l2('Thai Sauces'));
th('thai', 'บะหมี่กึ่งสำเร็จรูป', instantNoodles, l3('Korean & Japanese Noodles'));
th('thai', 'ช็อกโกแลต', chocolate, name('chocolate'));
th('thai', 'ไอศกรีม', iceCream, l3('Ice & Frozen Desserts'));
th('thai', 'แชมพู', shampoo, l3('Shampoo & Conditioner', 'Baby Bath & Skin'));
th('thai', 'ยาสีฟัน', toothpaste, l3('Toothbrush & Mouthwash'));
th('thai', 'อาหารแมว', catFood, l3('Cat Litter'));
th('thai', 'อาหารสุนัข', dogFood);
th('thai', 'ผงซักฟอก', detergent, l2('Laundry'));
th('thai', 'น้ำยาปรับผ้านุ่ม', softener, l3('Fabric Care', 'Baby Laundry'));
th('thai', 'กะทิ', coconutMilk);
th('thai', 'ไข่ไก่', chickenEggs, l2('Eggs'));
th('thai', 'ขนมปัง', bread, l1('Bakery'));
th('thai', 'เนย', butter, name('butter'));
th('thai', 'เบียร์', beer, l3('Non-alcoholic Beer & Malt'));
th('thai', 'ไวน์แดง', redWine, l2('Wine'));
th('thai', 'กาแฟ', coffee, name('coffee'));
th('thai', 'หมูสามชั้น', porkBelly, l2('Pork'));
th('thai', 'อกไก่', chickenBreast, l2('Chicken & Duck'));
th('thai', 'กุ้ง', shrimp, name('shrimp', 'prawn'));
th('thai', 'เต้าหู้', tofu, name('tofu'));
th('thai', 'ผ้าอ้อมเด็ก', diapers, l2('Diapers & Wipes'));
th('thai', 'ทิชชูเปียก', babyWipes, l2('Diapers & Wipes'));
th('thai', 'กระดาษชำระ', toiletTissue, l2('Paper & Tissue'));
th('thai', 'มันฝรั่งทอด', potatoChips, l2('Chips & Crisps'));
th('thai', 'น้ำแร่', mineralWater, l3('Drinking Water'));
th('thai', 'ซีอิ๊ว', soySauce, l3('Soy & Seasoning Sauce'));
th('thai', 'ซีเรียล', cereal, or(l3('Oats'), name('cereal')));
th('thai', 'น้ำผึ้ง', honey, name('honey'));
th('thai', 'ซูชิ', sushi, l3('Sashimi'));
th('thai', 'น้ำมันพืช', cookingOil, l2('Oils & Vinegar'));
th('thai', 'ปลากระป๋อง', cannedFish, l2('Dried & Canned Seafood'));
th('thai', 'พริกแกงเขียวหวาน', greenCurry, l3('Curry Paste'));
th('thai', 'ทุเรียน', name('durian'), l2('Fresh Fruit'));
th('thai', 'มะม่วง', name('mango'), l2('Fresh Fruit'));
th('thai', 'ทรายแมว', l3('Cat Litter'), l2('Cat'));
th('thai', 'ชาเขียว', name('green tea'), l3('Tea', 'Ready to Drink Tea'));
th('thai', 'น้ำยาล้างจาน', name('dishwashing'), l2('Cleaning'));
// Thai as it is written: several words with no spaces between them.
th('thai', 'นมพาสเจอร์ไรส์รสจืด', and(freshMilk, name('plain')), freshMilk);
th('thai', 'ไส้กรอกหมูรมควัน', and(sausages, name('pork'), name('smoked')), sausages);
th('thai', 'นมถั่วเหลืองหวานน้อย', and(soyMilk, name('less sugar')), soyMilk);
th('thai', 'น้ำยาล้างจานมะนาว', and(name('dishwashing'), name('lemon', 'lime')), name('dishwashing'));
th('thai', 'ผงซักฟอกสูตรเข้มข้น', and(detergent, name('concentrated')), detergent);
th('thai', 'ไข่ไก่ออร์แกนิก', name('organic eggs'), chickenEggs);
th('thai', 'ชาเขียวไม่มีน้ำตาล', and(name('green tea'), name('no sugar')), name('green tea'));
th('thai', 'เบียร์ช้าง', and(brand('Chang'), beer), beer);
th('thai', 'นมเปรี้ยวรสส้ม', and(l3('Drinking Yogurt'), name('orange')), l3('Drinking Yogurt'));
th('thai', 'ซอสหอยนางรม', name('oyster sauce'), l3('Oyster & Dipping Sauce'));
th('thai', 'น้ำมันมะกอก', name('olive oil'), l2('Oils & Vinegar'));
th('thai', 'กาแฟสำเร็จรูป', l3('Instant Coffee'), coffee);
th('thai', 'หมูสับ', and(name('minced pork'), l1('Meat & Poultry')), name('minced pork'));
th('thai', 'กุ้งขาว', name('white shrimp'), shrimp);
th('thai', 'ขนมปังโฮลวีต', and(bread, name('whole wheat')), bread);
th('thai', 'อาหารแมวรสปลาทูน่า', and(catFood, name('tuna')), catFood);
th('thai', 'ไอศกรีมช็อกโกแลต', and(iceCream, name('chocolate')), iceCream);
th('thai', 'มันฝรั่งแผ่นหยัก', name('wavy potato'), potatoChips);
th('thai', 'บะหมี่กึ่งสำเร็จรูปรสต้มยำกุ้ง', and(instantNoodles, name('tom yum')), instantNoodles);
th('thai', 'น้ำยาปรับผ้านุ่มสูตรเข้มข้น', and(softener, name('concentrated')), softener);
th('thai', 'ข้าวเหนียวมะม่วง', name('mango sticky rice'), l3('Thai Desserts'));
th('thai', 'มะเขือเทศเชอร์รี', name('cherry tomato'), name('tomato'));
th('thai', 'ซอสมะเขือเทศ', name('ketchup'), or(name('tomato sauce'), l3('Ketchup, Mustard & BBQ')));
// Brand and product in one Thai run, as shoppers type them.
th('thai', 'มาม่าต้มยำกุ้ง', and(brand('Mama'), name('tom yum')), or(brand('Mama'), and(instantNoodles, name('tom yum'))));
th('thai', 'ดัชมิลล์นมเปรี้ยว', and(brand('Dutch Mill'), l3('Drinking Yogurt')), l3('Drinking Yogurt'));
th('thai', 'เมจิพาสเจอร์ไรส์', and(brand('Meiji'), freshMilk), freshMilk);
th('thai', 'น้ำดื่มสิงห์', and(brand('Singha'), l3('Drinking Water')), l3('Drinking Water'));
th('thai', 'แลคตาซอยนมถั่วเหลือง', and(brand('Lactasoy'), soyMilk), soyMilk);
th('thai', 'โออิชิชาเขียว', and(brand('Oishi'), name('green tea')), name('green tea'));
th('thai', 'อาหารแมววิสกัส', and(brand('Whiskas'), catFood), catFood);
th('thai', 'แพมเพิร์สผ้าอ้อม', and(brand('Pampers'), diapers), diapers);
th('thai', 'ดาวน์นี่ปรับผ้านุ่ม', and(brand('Downy'), softener), softener);
th('thai', 'ยาสีฟันคอลเกต', and(brand('Colgate'), toothpaste), toothpaste);
th('thai', 'แชมพูแพนทีน', and(brand('Pantene'), shampoo), shampoo);
th('thai', 'สบู่โดฟ', and(brand('Dove'), l3('Soap & Shower')), l3('Soap & Shower'));
th('thai', 'กระดาษชำระสก๊อตต์', and(brand('Scott'), toiletTissue), toiletTissue);
th('thai', 'ไมโลช็อกโกแลตมอลต์', and(brand('Milo'), name('chocolate malt')), l3('Malt & Cocoa'));
th('thai', 'ชาไทยลิปตัน', and(brand('Lipton'), name('thai tea')), name('thai tea'));
th('thai', 'กาแฟกระป๋องเนสกาแฟ', and(brand('Nescafé'), name('canned coffee')), name('canned coffee'));
th('thai', 'สาหร่ายเถ้าแก่น้อย', and(brand('Tao Kae Noi'), l3('Seaweed Snacks')), l3('Seaweed Snacks'));
th('thai', 'ไก่ซีพี', and(brand('CP'), name('chicken')), and(l1('Meat & Poultry'), name('chicken')));

// Mixed English and Thai in one query.
th('mixed', 'meiji นมสด', and(brand('Meiji'), freshMilk), or(freshMilk, brand('Meiji')));
th('mixed', 'นม uht', l3('UHT Milk'), milk);
th('mixed', 'mama ต้มยำ', and(brand('Mama'), name('tom yum')), or(brand('Mama'), name('tom yum')));
th('mixed', 'ไส้กรอก cp', and(brand('CP'), sausages), sausages);
en('mixed', 'ichitan ชาเขียว', and(brand('Ichitan'), name('green tea')), or(brand('Ichitan'), name('green tea')));
en('mixed', 'ข้าว jasmine', jasmine, l2('Rice'));
th('mixed', 'ice cream ช็อกโกแลต', and(iceCream, name('chocolate')), iceCream);
th('mixed', 'pringles มันฝรั่ง', brand('Pringles'), potatoChips);
en('mixed', 'cat อาหาร', catFood, l2('Cat'));
th('mixed', 'ผงซักฟอก breeze', and(brand('Breeze'), detergent), or(detergent, brand('Breeze')));
en('mixed', 'fresh นม', freshMilk, milk);
th(
  'mixed',
  'dutch mill นมเปรี้ยว',
  and(brand('Dutch Mill'), l3('Drinking Yogurt')),
  or(brand('Dutch Mill'), l3('Drinking Yogurt')),
);
en('mixed', 'น้ำปลา squid', and(brand('Squid Brand'), fishSauce), fishSauce);
th('mixed', 'shampoo ขจัดรังแค', and(shampoo, name('anti-dandruff', 'dandruff')), shampoo);
en('mixed', 'beer ช้าง', and(brand('Chang'), beer), beer);
th('mixed', 'นม meiji 830', and(brand('Meiji'), milk, size('830 ml')), and(brand('Meiji'), milk));
th('mixed', 'whiskas อาหารแมว', and(brand('Whiskas'), catFood), catFood);
th('mixed', 'colgate ยาสีฟัน', and(brand('Colgate'), toothpaste), toothpaste);

// Typos within the typo budget (one from 5 characters, two from 9).
en('typo', 'chocolte', chocolate, name('chocolate'));
en('typo', 'sausgae', sausages);
en('typo', 'shampo', shampoo, l3('Shampoo & Conditioner'));
en('typo', 'toothpate', toothpaste, l3('Toothbrush & Mouthwash'));
en('typo', 'detergant', detergent, l2('Laundry'));
en('typo', 'yoghurt', yogurt, name('yogurt'));
en('typo', 'mayonaise', name('mayonnaise'), l3('Mayonnaise & Dressings'));
en('typo', 'jasmin rice', jasmine, l3('Jasmine & White Rice'));
en('typo', 'coconnut milk', coconutMilk);
en('typo', 'diapres', diapers, l2('Diapers & Wipes'));
en('typo', 'noodels', or(instantNoodles, l3('Dried Noodles', 'Korean & Japanese Noodles')));
en('typo', 'cheeze', cheese, name('cheese'));
en('typo', 'pinapple', name('pineapple'));
en('typo', 'strawbery jam', and(l3('Jam & Honey'), name('strawberry')), l3('Jam & Honey'));
en('typo', 'brocoli', name('broccoli'));
en('typo', 'salmom', name('salmon'));
th('typo', 'ไส้กรอด', sausages);
th('typo', 'ผงซักฟอด', detergent, l2('Laundry'));
th('typo', 'ช็อกโกเลต', chocolate, name('chocolate'));
th('typo', 'แชมพุ', shampoo, l3('Shampoo & Conditioner'));
en('typo', 'whiskey', l3('Whisky'), l2('Spirits'));
en('typo', 'vanila ice cream', and(iceCream, name('vanilla')), iceCream);
en('typo', 'mozarella', name('mozzarella'), cheese);
en('typo', 'parmesean', name('parmesan'), cheese);
en('typo', 'tooth bursh', name('toothbrush'), l3('Toothbrush & Mouthwash'));
en('typo', 'corn flaks', name('corn flakes'), cereal);
en('typo', 'pasturized milk', freshMilk, milk);
en('typo', 'fabric sofener', softener, l3('Fabric Care'));
en('typo', 'stawberry yogurt', and(yogurt, name('strawberry')), yogurt);
en('typo', 'sandwhich bread', name('sandwich bread'), bread);
en('typo', 'dishwashng liquid', name('dishwashing'), l2('Cleaning'));
th('typo', 'น้ำยาล้างจาร', name('dishwashing'), l2('Cleaning'));
th('typo', 'ยาสีพัน', toothpaste, l3('Toothbrush & Mouthwash'));
th('typo', 'ผ้าอ้อมเด็ค', diapers, l2('Diapers & Wipes'));
th('typo', 'น้ำยาปรับผ้านุม', softener, l3('Fabric Care'));
th('typo', 'ไอสกรีม', iceCream, l3('Ice & Frozen Desserts'));
th('typo', 'ซอสหอยนางลม', name('oyster sauce'), l3('Oyster & Dipping Sauce'));

// Brands, English and Thai spellings.
en('brand', 'meiji', brand('Meiji'));
en('brand', 'nestle', brand('Nestlé'));
en('brand', "lay's", brand("Lay's"));
en('brand', 'pringles', brand('Pringles'));
en('brand', 'mama', brand('Mama'));
en('brand', 'singha', brand('Singha'));
en('brand', 'chang', brand('Chang'));
en('brand', 'dutch mill', brand('Dutch Mill'));
en('brand', 'royal project', brand('Royal Project'));
en('brand', 'smartheart', brand('SmartHeart'));
en('brand', 'whiskas', brand('Whiskas'));
en('brand', 'nescafe', brand('Nescafé'));
en('brand', 'mae ploy', brand('Mae Ploy'));
en('brand', 'tao kae noi', brand('Tao Kae Noi'));
en('brand', 'darlie', brand('Darlie'));
th('brand', 'เมจิ', brand('Meiji'));
th('brand', 'มาม่า', brand('Mama'));
th('brand', 'ดัชมิลล์', brand('Dutch Mill'));
th('brand', 'โฟร์โมสต์', brand('Foremost'));
th('brand', 'สิงห์', brand('Singha'));
th('brand', 'เถ้าแก่น้อย', brand('Tao Kae Noi'));
th('brand', 'แม่ประนอม', brand('Mae Pranom'));
en('brand', 'betagro', brand('Betagro'));
en('brand', 'pocari sweat', brand('Pocari Sweat'));
en('brand', 'kitkat', brand('KitKat'), name('kitkat'));

// Barcodes and cprcodes, picked from the catalog by rule (the first such product in cprcode order).
const firstBy = (rule: Rule, code: (p: Product) => string | null) => (products: readonly Product[]) => {
  const sorted = products.filter((p) => rule(p) && code(p) !== null).sort((a, b) => (a.cprcode < b.cprcode ? -1 : 1));
  return code(sorted[0]!)!;
};
const sameBarcode = (p: Product, text: string) => p.barcode === text;
const sameCprcode = (p: Product, text: string) => p.cprcode === text;
for (const rule of [
  freshMilk,
  sausages,
  fishSauce,
  brand('Pringles'),
  l3('Cat Litter'),
  l3('Red Wine'),
  diapers,
  l3('Whole Fish'),
]) {
  QUERIES.push({
    id: `barcode-${QUERIES.filter((q) => q.cls === 'barcode').length + 1}`,
    cls: 'barcode',
    lang: 'en',
    mode: 'SEMANTIC',
    text: firstBy(rule, (p) => p.barcode),
    judge: (p, text) => (sameBarcode(p, text) ? 2 : 0),
  });
}
for (const rule of [chocolate, l3('Tofu'), l3('Toothpaste'), l3('Beef Steaks')]) {
  QUERIES.push({
    id: `barcode-${QUERIES.filter((q) => q.cls === 'barcode').length + 1}`,
    cls: 'barcode',
    lang: 'th',
    mode: 'SEMANTIC',
    text: firstBy(rule, (p) => p.cprcode),
    judge: (p, text) => (sameCprcode(p, text) ? 2 : 0),
  });
}

// Sizes, in either language's units and spellings.
en('size', 'fresh milk 830 ml', and(freshMilk, size('830 ml')), freshMilk);
th('size', 'นมสด 830 มล.', and(freshMilk, size('830 ml')), freshMilk);
en('size', 'jasmine rice 5 kg', and(jasmine, size('5 kg')), jasmine);
th('size', 'ข้าวหอมมะลิ 5 กก.', and(jasmine, size('5 kg')), jasmine);
th('size', 'น้ำปลา 700 มล.', and(fishSauce, size('700 ml')), fishSauce);
th('size', 'ไข่ไก่ 10 ฟอง', and(chickenEggs, size('10 pcs')), chickenEggs);
en('size', 'eggs 30 pcs', and(l2('Eggs'), size('30 pcs')), l2('Eggs'));
th('size', 'เบียร์ 620 มล.', and(beer, size('620 ml')), beer);
en('size', 'uht milk 180 ml x 4', and(l3('UHT Milk'), size('180 ml x 4')), l3('UHT Milk'));
en('size', 'drinking water 1.5 l', and(l3('Drinking Water'), size('1.5 L')), l3('Drinking Water'));
en('size', 'cooking oil 1 l', and(cookingOil, size('1 L')), cookingOil);
en('size', 'sugar 1 kg', and(l3('Sugar & Sweeteners'), size('1 kg')), l3('Sugar & Sweeteners'));
th('size', 'ข้าว 5kg', and(l2('Rice'), size('5 kg')), l2('Rice'));
en('size', '830ml milk', and(milk, size('830 ml')), milk);
en('size', '1000 ml milk', and(milk, size('1 L')), milk);
en('size', 'milk 1 litre', and(milk, size('1 L')), milk);
th('size', 'นมยูเอชที 1 ลิตร', and(l3('UHT Milk'), size('1 L')), l3('UHT Milk'));
en('size', 'coca cola 1.25 l', and(brand('Coca-Cola'), size('1.25 L')), brand('Coca-Cola'));
en('size', 'diapers 64 pcs', and(diapers, size('64 pcs')), diapers);
en('size', 'tuna 185 g', and(cannedFish, name('tuna'), size('185 g')), and(cannedFish, name('tuna')));
th('size', 'น้ำปลา700มล', and(fishSauce, size('700 ml')), fishSauce);
th('size', 'ข้าวหอมมะลิ 15 กก.', and(jasmine, size('15 kg')), jasmine);
th('size', 'น้ำดื่ม 1.5 ลิตร', and(l3('Drinking Water'), size('1.5 L')), l3('Drinking Water'));
th('size', 'ไข่ไก่ 30 ฟอง', and(chickenEggs, size('30 pcs')), chickenEggs);
th('size', 'เบียร์ช้าง 620 มล.', and(brand('Chang'), beer, size('620 ml')), and(brand('Chang'), beer));
th('size', 'น้ำมันพืช 1 ลิตร', and(cookingOil, size('1 L')), cookingOil);
th('size', 'นมยูเอชที 180มล x 4', and(l3('UHT Milk'), size('180 ml x 4')), l3('UHT Milk'));
th('size', 'ผงซักฟอก 2.7 กก.', and(detergent, size('2.7 kg')), detergent);

// Concepts: needs that name no product.
const breakfast2 = l3(
  'Breakfast Cereals',
  'Oats',
  'Jam & Honey',
  'Spreads',
  'Sliced Bread',
  'Frozen Dough & Breakfast',
);
const breakfast1 = or(
  l3('Fresh Milk', 'Chicken Eggs', 'Instant Coffee', '100% Juice', 'Drinking Yogurt', 'Ham & Bacon', 'UHT Milk'),
  l2('Bread'),
);
en('concept', 'breakfast', breakfast2, breakfast1);
th('concept', 'อาหารเช้า', breakfast2, breakfast1);
const dessert2 = l3(
  'Ice Cream Tubs',
  'Ice Cream Sticks & Cones',
  'Cakes',
  'Thai Desserts',
  'Chilled Desserts',
  'Pastries',
  'Ice & Frozen Desserts',
);
const dessert1 = l3('Chocolate', 'Jelly Drinks & Cups', 'Cookies', 'Thai Sweets & Dried Fruit Snacks', 'Candy & Gum');
en('concept', 'dessert', dessert2, dessert1);
th('concept', 'ของหวาน', dessert2, dessert1);
const bbq2 = or(l3('BBQ Skewers', 'Marinated Meat'), name('charcoal', 'skewer', 'bbq sauce', 'moo kratha'));
const bbq1 = or(
  l3('Sausages', 'Pork Cuts', 'Ketchup, Mustard & BBQ', 'Chicken Cuts', 'Beef Steaks', 'Party & BBQ Supplies'),
  name('bbq'),
);
en('concept', 'bbq', bbq2, bbq1);
th('concept', 'ปิ้งย่าง', bbq2, bbq1);
const baby2 = or(l2('Diapers & Wipes', 'Baby Food', 'Baby Care'), l3('Infant Formula'));
const baby1 = l1('Baby & Kids');
en('concept', 'baby', baby2, baby1);
th('concept', 'ทารก', baby2, baby1);
const party2 = or(
  l3('Potato Chips', 'Corn & Cracker Snacks', 'Cola', 'Flavoured Soft Drinks', 'Thai Beer', 'Popcorn'),
  and(l3('Party & BBQ Supplies'), not(name('charcoal'))),
);
const party1 = l3(
  'Imported & Craft Beer',
  'Soda Water & Mixers',
  'Sparkling & Rosé',
  'Seaweed Snacks',
  'Cider & Hard Seltzer',
  'Cakes',
);
en('concept', 'party', party2, party1);
th('concept', 'ปาร์ตี้', party2, party1);
en(
  'concept',
  'healthy snack',
  or(l3('Dried Fruit & Nuts', 'Cut Fruit'), name('protein bar', 'cereal bar', 'rice cracker')),
  or(l3('Seaweed Snacks', 'Yogurt', 'Crackers & Bars'), name('konjac')),
);
const hangover2 = or(l3('Sports Drinks'), name('electrolyte'));
const hangover1 = or(
  l3('Drinking Water', 'Instant Noodles', 'Health Drinks', 'Kombucha & Functional Drinks'),
  name('coconut water', 'vitamin c'),
);
en('concept', 'hangover', hangover2, hangover1);
th('concept', 'แก้เมาค้าง', hangover2, hangover1);
const vegan2 = or(l3('Tofu', 'Soy & Plant Milk'), name('plant-based', 'plant based', 'vegan'));
const vegan1 = or(l2('Fresh Vegetables', 'Fresh Herbs', 'Fresh Fruit'), name('vegetarian'));
en('concept', 'vegan', vegan2, vegan1);
th('concept', 'มังสวิรัติ', vegan2, vegan1);
en(
  'concept',
  'spicy food',
  or(l3('Chilli Sauces', 'Curry Paste'), name('spicy', 'hot chicken', 'chilli')),
  l3('Chillies & Limes', 'Dips & Chilli Pastes'),
);
th('concept', 'ทำความสะอาด', l2('Cleaning'), or(l2('Laundry'), l1('Household & Cleaning')));
en('concept', 'cleaning supplies', l2('Cleaning'), or(l2('Laundry'), l1('Household & Cleaning')));
en('concept', 'pet supplies', l1('Pet Care'));
th('concept', 'สัตว์เลี้ยง', l1('Pet Care'));
en('concept', 'seafood', l1('Fish & Seafood'), l3('Frozen Seafood'));
th('concept', 'อาหารทะเล', l1('Fish & Seafood'), l3('Frozen Seafood'));
const hotpot2 = or(name('hot pot', 'shabu', 'suki'), l3('Meatballs'));
const hotpot1 = or(l3('Vegetable Sets', 'Tofu', 'Mushrooms', 'Minced & Sliced Pork', 'Oyster & Dipping Sauce'));
en('concept', 'hot pot', hotpot2, hotpot1);
th('concept', 'ชาบู', hotpot2, hotpot1);
en(
  'concept',
  'tom yum',
  name('tom yum'),
  or(l3('Thai Herbs', 'Curry Paste'), name('lemongrass', 'galangal', 'kaffir')),
);
en(
  'concept',
  'baking',
  l3('Baking Ingredients', 'Flour'),
  or(l3('Sugar & Sweeteners', 'Butter & Margarine'), name('whipping cream')),
);
th(
  'concept',
  'ทำขนม',
  l3('Baking Ingredients', 'Flour'),
  or(l3('Sugar & Sweeteners', 'Butter & Margarine'), name('whipping cream')),
);
en(
  'concept',
  'movie night',
  l3('Popcorn', 'Potato Chips'),
  or(l3('Cola', 'Chocolate', 'Corn & Cracker Snacks', 'Flavoured Soft Drinks')),
);
const japanese2 = or(
  l3('Japanese & Korean Condiments', 'Sushi', 'Sashimi'),
  name('japanese', 'ramen', 'udon', 'miso', 'wasabi', 'matcha'),
);
const japanese1 = or(l3('Korean & Japanese Noodles', 'Wine Cooler, Sake & Umeshu'), name('sake'));
en('concept', 'japanese food', japanese2, japanese1);
th('concept', 'อาหารญี่ปุ่น', japanese2, japanese1);
en(
  'concept',
  'korean food',
  or(name('korean', 'kimchi', 'gochujang', 'tteokbokki', 'mandu'), brand('Nongshim', 'Samyang')),
  l3('Korean & Japanese Noodles', 'Japanese & Korean Condiments'),
);
en(
  'concept',
  'cold and flu',
  or(l3('Vitamins & Supplements', 'Health Drinks'), name('vitamin c')),
  or(l3('First Aid'), name('honey', 'ginger')),
);
th(
  'concept',
  'ไข้หวัด',
  or(l3('Vitamins & Supplements', 'Health Drinks'), name('vitamin c')),
  or(l3('First Aid'), name('honey', 'ginger')),
);
en(
  'concept',
  'sandwich',
  or(l3('Sliced Bread', 'Ham & Bacon', 'Cheese'), name('sandwich')),
  or(l3('Mayonnaise & Dressings', 'Spreads', 'Rolls & Buns'), l2('Bread')),
);
en('concept', 'salad', or(l3('Salad Packs', 'Mayonnaise & Dressings'), name('salad')), l2('Fresh Vegetables'));
en(
  'concept',
  'camping',
  or(l3('Instant Noodles', 'Canned Fish', 'Canned Meat', 'Drinking Water'), name('charcoal')),
  or(l3('Pest Control', 'Party & BBQ Supplies', 'Batteries & Bulbs'), l2('Canned & Jarred')),
);
th(
  'concept',
  'ทำบุญ',
  l3('Drinking Water', 'Instant Noodles', 'Canned Fish', 'UHT Milk', 'Jasmine & White Rice'),
  or(l2('Canned & Jarred'), l3('Toilet Tissue', 'Toothpaste', 'Soap & Shower')),
);
en(
  'concept',
  'summer',
  or(iceCream, l3('Ice & Frozen Desserts', 'Drinking Water', 'Sports Drinks')),
  or(l2('Soft Drinks'), l3('Tropical Fruit', 'Cut Fruit'), name('coconut water', 'watermelon')),
);
th(
  'concept',
  'คลายร้อน',
  or(iceCream, l3('Ice & Frozen Desserts', 'Drinking Water', 'Sports Drinks')),
  or(l2('Soft Drinks'), l3('Tropical Fruit', 'Cut Fruit'), name('coconut water', 'watermelon')),
);
en('concept', 'gift', or(l3('Health Drinks'), name('gift')), or(l2('Wine'), l3('Cookies', 'Chocolate')));
en(
  'concept',
  'high protein',
  or(name('protein', 'chicken breast'), l3('Chicken Eggs')),
  or(l3('Boneless & Minced Chicken', 'Crackers & Bars'), name('egg')),
);
th('concept', 'ลูกน้อย', baby2, baby1);
en(
  'concept',
  'kids lunchbox',
  or(l3('Growing-up Milk', 'UHT Milk', 'Flavoured Milk'), name('kids')),
  or(l2('Biscuits & Cookies', 'Juice'), l3('Drinking Yogurt', 'Jelly Drinks & Cups')),
);

// Cross-language: the answer is written in the other language, or the query names it differently.
th('cross-language', 'fish sauce', fishSauce, l2('Thai Sauces'));
en('cross-language', 'น้ำปลา', fishSauce, l2('Thai Sauces'));
th('cross-language', 'sticky rice', name('sticky rice', 'glutinous'), l3('Sticky & Specialty Rice'));
en('cross-language', 'moo kratha', name('moo kratha'), l3('Marinated Meat'));
en('cross-language', 'nam prik', name('nam prik'), l3('Dips & Chilli Pastes', 'Chilli Sauces'));
en('cross-language', 'pad thai', name('pad thai'), name('rice noodles', 'rice stick'));
th('cross-language', 'soda water', name('soda water'), l3('Soda Water & Mixers'));
en(
  'cross-language',
  'ข้าวโพด',
  name('corn'),
  l3('Beans, Corn & Brassicas', 'Frozen Vegetables', 'Corn & Cracker Snacks'),
);
en('cross-language', 'coke', brand('Coca-Cola'), l3('Cola'));
en('cross-language', 'prawns', shrimp, name('shrimp', 'prawn'));
en('cross-language', 'นมโอ๊ต', name('oat milk'), l3('Soy & Plant Milk'));
en('cross-language', 'แซลมอน', name('salmon'), l1('Fish & Seafood'));
th('cross-language', 'lemongrass', name('lemongrass'), l3('Thai Herbs'));
en('cross-language', 'สเต๊ก', l3('Beef Steaks'), l2('Beef & Lamb'));
en('cross-language', 'ยาสีฟัน', toothpaste, l3('Toothbrush & Mouthwash'));
th('cross-language', 'tissue', l2('Paper & Tissue'), name('tissue'));
en('cross-language', 'หมูกระทะ', name('moo kratha'), or(l3('Marinated Meat'), name('sliced pork')));
en('cross-language', 'เส้นก๋วยเตี๋ยว', name('rice noodles', 'rice stick', 'sen yai', 'sen lek'), l3('Dried Noodles'));
th('cross-language', 'condensed milk', name('condensed milk'), l3('Cream & Condensed Milk'));
en('cross-language', 'ผักบุ้ง', name('morning glory'), l2('Fresh Vegetables'));

// Prefixes, as typed into a search box (AUTOCOMPLETE).
en('prefix', 'choc', chocolate, name('chocolate', 'choco'));
en('prefix', 'saus', sausages);
en('prefix', 'shamp', shampoo, l3('Shampoo & Conditioner'));
en('prefix', 'toothp', toothpaste, l3('Toothbrush & Mouthwash'));
th('prefix', 'ไส้กร', sausages);
th('prefix', 'ผงซัก', detergent, l2('Laundry'));
en('prefix', 'mei', brand('Meiji'));
en('prefix', 'jasm', jasmine, l3('Jasmine & White Rice'));
en('prefix', 'ice cr', iceCream, l3('Ice & Frozen Desserts'));
en('prefix', 'nood', or(instantNoodles, l3('Dried Noodles', 'Korean & Japanese Noodles')));
en('prefix', 'fresh mi', freshMilk, milk);
th('prefix', 'กะท', coconutMilk);
en('prefix', 'mayo', name('mayonnaise'), l3('Mayonnaise & Dressings'));
en('prefix', 'dutch m', brand('Dutch Mill'));
th('prefix', 'ช็อก', chocolate, name('chocolate'));
en('prefix', 'diap', diapers, l2('Diapers & Wipes'));
th('prefix', 'มาม่า ต้ม', and(brand('Mama'), name('tom yum')), brand('Mama'));
th('prefix', 'น้ำยาล้าง', name('dishwashing'), l2('Cleaning'));
th('prefix', 'ผ้าอ้อ', diapers, l2('Diapers & Wipes'));
th('prefix', 'แชม', shampoo, l3('Shampoo & Conditioner'));
th('prefix', 'ยาสีฟ', toothpaste, l3('Toothbrush & Mouthwash'));
th('prefix', 'นมเปรี้', l3('Drinking Yogurt'), yogurt);
th('prefix', 'ไอศ', iceCream, l3('Ice & Frozen Desserts'));
th('prefix', 'ข้าวหอม', jasmine, l2('Rice'));
en('prefix', 'sunl', brand('Sunlight'));
en('prefix', 'pamp', brand('Pampers'), diapers);
en('prefix', 'dishw', name('dishwashing', 'dishwasher'), l2('Cleaning'));

/** The judged query set. */
export const JUDGED_QUERIES: readonly JudgedQuery<QueryClass>[] = QUERIES;
