/**
 * The grocer's branches across Thailand (Bangkok heavy) and a gazetteer of postcodes with
 * approximate centroids, from which each branch's delivery postcodes are derived.
 */

/** Store formats: flagships carry everything, express stores a smaller range. */
export type BranchFormat = 'FLAGSHIP' | 'SUPERMARKET' | 'EXPRESS';
export type BranchRegion = 'BANGKOK' | 'GREATER_BANGKOK' | 'REGIONAL';

export interface BranchSite {
  code: string;
  name: string;
  nameTh: string;
  format: BranchFormat;
  region: BranchRegion;
  /** Tourist-area branches price higher. */
  tourist: boolean;
  lat: number;
  lon: number;
  address: string;
  province: string;
  postcode: string;
  phone: string;
  alcoholLicensed: boolean;
  deliveryAvailable: boolean;
  deliveryRadiusKm: number;
}

type Row = [
  code: string, name: string, nameTh: string, format: BranchFormat, region: BranchRegion, tourist: boolean,
  lat: number, lon: number, address: string, province: string, postcode: string, phone: string,
  alcohol: boolean, delivery: boolean, radiusKm: number,
];

const ROWS: Row[] = [
  ['BKK01', 'Chidlom', 'ชิดลม', 'FLAGSHIP', 'BANGKOK', false, 13.7441, 100.5443, '1027 Ploenchit Road, Lumphini, Pathum Wan, Bangkok', 'Bangkok', '10330', '02-655-1000', true, true, 10],
  ['BKK02', 'Thonglor', 'ทองหล่อ', 'FLAGSHIP', 'BANGKOK', false, 13.7320, 100.5830, '88 Sukhumvit 55 (Thonglor), Khlong Tan Nuea, Watthana, Bangkok', 'Bangkok', '10110', '02-712-2200', true, true, 10],
  ['BKK03', 'Sathorn', 'สาทร', 'SUPERMARKET', 'BANGKOK', false, 13.7206, 100.5296, '191 South Sathorn Road, Yan Nawa, Sathon, Bangkok', 'Bangkok', '10120', '02-287-3300', true, true, 8],
  ['BKK04', 'Silom', 'สีลม', 'SUPERMARKET', 'BANGKOK', false, 13.7286, 100.5340, '323 Silom Road, Silom, Bang Rak, Bangkok', 'Bangkok', '10500', '02-231-4400', true, true, 8],
  ['BKK05', 'Ari', 'อารีย์', 'SUPERMARKET', 'BANGKOK', false, 13.7797, 100.5446, '51 Phahonyothin Soi 7, Samsen Nai, Phaya Thai, Bangkok', 'Bangkok', '10400', '02-279-5500', true, true, 8],
  ['BKK06', 'Lat Phrao', 'ลาดพร้าว', 'FLAGSHIP', 'BANGKOK', false, 13.8163, 100.5614, '1693 Phahonyothin Road, Chatuchak, Bangkok', 'Bangkok', '10900', '02-541-6600', true, true, 12],
  ['BKK07', 'Bang Na', 'บางนา', 'SUPERMARKET', 'BANGKOK', false, 13.6680, 100.6340, '1091 Bang Na-Trat Road, Bang Na Tai, Bang Na, Bangkok', 'Bangkok', '10260', '02-398-7700', true, true, 12],
  ['BKK08', 'Rama 9', 'พระราม 9', 'FLAGSHIP', 'BANGKOK', false, 13.7580, 100.5660, '9/9 Rama IX Road, Huai Khwang, Bangkok', 'Bangkok', '10310', '02-248-8800', true, true, 10],
  ['BKK09', 'On Nut', 'อ่อนนุช', 'SUPERMARKET', 'BANGKOK', false, 13.7050, 100.6010, '1549 Sukhumvit Road, Phra Khanong Nuea, Watthana, Bangkok', 'Bangkok', '10250', '02-331-9900', true, true, 10],
  ['BKK10', 'Bang Kapi', 'บางกะปิ', 'SUPERMARKET', 'BANGKOK', false, 13.7660, 100.6430, '3105 Lat Phrao Road, Khlong Chan, Bang Kapi, Bangkok', 'Bangkok', '10240', '02-378-1010', true, true, 12],
  ['BKK11', 'Rama 3', 'พระราม 3', 'SUPERMARKET', 'BANGKOK', false, 13.6970, 100.5370, '79 Sathupradit Road, Chong Nonsi, Yan Nawa, Bangkok', 'Bangkok', '10120', '02-673-1120', true, true, 10],
  ['BKK12', 'Pinklao', 'ปิ่นเกล้า', 'SUPERMARKET', 'BANGKOK', false, 13.7780, 100.4760, '7/222 Borommaratchachonnani Road, Arun Amarin, Bangkok Noi, Bangkok', 'Bangkok', '10700', '02-884-1230', true, true, 12],
  ['BKK13', 'Bang Khae', 'บางแค', 'SUPERMARKET', 'BANGKOK', false, 13.7130, 100.4070, '275 Phetkasem Road, Bang Khae, Bangkok', 'Bangkok', '10160', '02-454-1340', true, true, 12],
  ['BKK14', 'Don Mueang', 'ดอนเมือง', 'EXPRESS', 'BANGKOK', false, 13.9130, 100.6040, '222 Vibhavadi Rangsit Road, Sanambin, Don Mueang, Bangkok', 'Bangkok', '10210', '02-566-1450', false, true, 6],
  ['BKK15', 'Min Buri', 'มีนบุรี', 'SUPERMARKET', 'BANGKOK', false, 13.8130, 100.7310, '9 Ramkhamhaeng Road, Min Buri, Bangkok', 'Bangkok', '10510', '02-517-1560', true, true, 15],
  ['BKK16', 'Phrom Phong', 'พร้อมพงษ์', 'EXPRESS', 'BANGKOK', false, 13.7305, 100.5695, '622 Sukhumvit Road, Khlong Tan, Khlong Toei, Bangkok', 'Bangkok', '10110', '02-259-1670', true, true, 5],
  ['BKK17', 'Asok', 'อโศก', 'EXPRESS', 'BANGKOK', false, 13.7370, 100.5600, '2 Sukhumvit Soi 21, Khlong Toei Nuea, Watthana, Bangkok', 'Bangkok', '10110', '02-261-1780', false, false, 0],
  ['BKK18', 'Chatuchak', 'จตุจักร', 'SUPERMARKET', 'BANGKOK', false, 13.8030, 100.5530, '1 Kamphaeng Phet 2 Road, Chatuchak, Bangkok', 'Bangkok', '10900', '02-272-1890', true, true, 10],
  ['NBI01', 'Nonthaburi Tiwanon', 'นนทบุรี ติวานนท์', 'SUPERMARKET', 'GREATER_BANGKOK', false, 13.8590, 100.5120, '68 Tiwanon Road, Bang Kraso, Mueang Nonthaburi, Nonthaburi', 'Nonthaburi', '11000', '02-950-1900', true, true, 12],
  ['NBI02', 'Chaeng Watthana', 'แจ้งวัฒนะ', 'SUPERMARKET', 'GREATER_BANGKOK', false, 13.9040, 100.5280, '99 Chaeng Watthana Road, Pak Kret, Nonthaburi', 'Nonthaburi', '11120', '02-583-2010', true, true, 12],
  ['PTT01', 'Rangsit', 'รังสิต', 'SUPERMARKET', 'GREATER_BANGKOK', false, 13.9890, 100.6170, '94 Phahonyothin Road, Prachathipat, Thanyaburi, Pathum Thani', 'Pathum Thani', '12130', '02-958-2120', true, true, 15],
  ['SPK01', 'Bang Phli', 'บางพลี', 'SUPERMARKET', 'GREATER_BANGKOK', false, 13.6460, 100.6800, '39 Bang Na-Trat Road Km 8, Bang Kaeo, Bang Phli, Samut Prakan', 'Samut Prakan', '10540', '02-105-2230', true, true, 15],
  ['CNX01', 'Chiang Mai Nimman', 'เชียงใหม่ นิมมาน', 'FLAGSHIP', 'REGIONAL', true, 18.8000, 98.9680, '55 Huay Kaew Road, Suthep, Mueang Chiang Mai, Chiang Mai', 'Chiang Mai', '50200', '053-211-240', true, true, 10],
  ['CNX02', 'Chiang Mai Mahidol', 'เชียงใหม่ มหิดล', 'SUPERMARKET', 'REGIONAL', false, 18.7700, 98.9750, '252 Mahidol Road, Haiya, Mueang Chiang Mai, Chiang Mai', 'Chiang Mai', '50100', '053-203-350', true, true, 12],
  ['CEI01', 'Chiang Rai', 'เชียงราย', 'SUPERMARKET', 'REGIONAL', false, 19.9100, 99.8400, '99/9 Phahonyothin Road, Rop Wiang, Mueang Chiang Rai, Chiang Rai', 'Chiang Rai', '57000', '053-711-460', true, true, 10],
  ['HKT01', 'Phuket Town', 'ภูเก็ต เมือง', 'SUPERMARKET', 'REGIONAL', true, 7.8880, 98.3900, '74 Chalermprakiat Ror 9 Road, Wichit, Mueang Phuket, Phuket', 'Phuket', '83000', '076-249-570', true, true, 15],
  ['HKT02', 'Patong', 'ป่าตอง', 'SUPERMARKET', 'REGIONAL', true, 7.8960, 98.2970, '50 Rat-U-Thit 200 Pi Road, Patong, Kathu, Phuket', 'Phuket', '83150', '076-340-680', true, true, 8],
  ['PTY01', 'Pattaya Beach', 'พัทยา บีช', 'FLAGSHIP', 'REGIONAL', true, 12.9350, 100.8830, '333 Beach Road, Nong Prue, Bang Lamung, Chon Buri', 'Chon Buri', '20150', '038-420-790', true, true, 12],
  ['SRI01', 'Si Racha', 'ศรีราชา', 'SUPERMARKET', 'REGIONAL', false, 13.1740, 100.9310, '135 Sukhumvit Road, Si Racha, Chon Buri', 'Chon Buri', '20110', '038-311-800', true, true, 10],
  ['RYG01', 'Rayong', 'ระยอง', 'SUPERMARKET', 'REGIONAL', false, 12.6810, 101.2570, '99 Sukhumvit Road, Noen Phra, Mueang Rayong, Rayong', 'Rayong', '21000', '038-614-910', true, true, 10],
  ['HHN01', 'Hua Hin', 'หัวหิน', 'SUPERMARKET', 'REGIONAL', true, 12.5700, 99.9580, '234 Phetkasem Road, Hua Hin, Prachuap Khiri Khan', 'Prachuap Khiri Khan', '77110', '032-521-020', true, true, 12],
  ['AYU01', 'Ayutthaya', 'อยุธยา', 'EXPRESS', 'REGIONAL', false, 14.3530, 100.5680, '126 Rotchana Road, Pratu Chai, Phra Nakhon Si Ayutthaya', 'Phra Nakhon Si Ayutthaya', '13000', '035-241-130', false, false, 0],
  ['NMA01', 'Korat', 'โคราช', 'SUPERMARKET', 'REGIONAL', false, 14.9800, 102.0980, '999 Mittraphap Road, Nai Mueang, Mueang Nakhon Ratchasima, Nakhon Ratchasima', 'Nakhon Ratchasima', '30000', '044-241-240', true, true, 12],
  ['KKC01', 'Khon Kaen', 'ขอนแก่น', 'SUPERMARKET', 'REGIONAL', false, 16.4320, 102.8250, '99 Srichan Road, Nai Mueang, Mueang Khon Kaen, Khon Kaen', 'Khon Kaen', '40000', '043-221-350', true, true, 12],
  ['UTH01', 'Udon Thani', 'อุดรธานี', 'SUPERMARKET', 'REGIONAL', false, 17.4070, 102.7930, '88 Prajak Road, Mak Khaeng, Mueang Udon Thani, Udon Thani', 'Udon Thani', '41000', '042-241-460', true, true, 10],
  ['HDY01', 'Hat Yai', 'หาดใหญ่', 'SUPERMARKET', 'REGIONAL', false, 7.0060, 100.4740, '1518 Kanchanawanich Road, Hat Yai, Songkhla', 'Songkhla', '90110', '074-351-570', true, true, 12],
  ['USM01', 'Koh Samui Chaweng', 'เกาะสมุย เฉวง', 'SUPERMARKET', 'REGIONAL', true, 9.5310, 100.0610, '209 Chaweng Beach Road, Bo Phut, Ko Samui, Surat Thani', 'Surat Thani', '84320', '077-230-680', true, true, 10],
  ['KBV01', 'Krabi Ao Nang', 'กระบี่ อ่าวนาง', 'EXPRESS', 'REGIONAL', true, 8.0360, 98.8230, '245 Moo 2, Ao Nang, Mueang Krabi, Krabi', 'Krabi', '81180', '075-637-790', false, true, 8],
];

export const BRANCH_SITES: readonly BranchSite[] = ROWS.map(
  ([code, name, nameTh, format, region, tourist, lat, lon, address, province, postcode, phone, alcoholLicensed, deliveryAvailable, deliveryRadiusKm]) => ({
    code, name, nameTh, format, region, tourist, lat, lon, address, province, postcode, phone, alcoholLicensed, deliveryAvailable, deliveryRadiusKm,
  }),
);

/** Thai postcodes near the branches, with approximate centroids `[postcode, lat, lon]`. */
export const POSTCODE_CENTROIDS: readonly (readonly [string, number, number])[] = [
  ['10100', 13.745, 100.510], ['10110', 13.727, 100.575], ['10120', 13.700, 100.535], ['10130', 13.660, 100.540],
  ['10140', 13.660, 100.500], ['10150', 13.680, 100.470], ['10160', 13.715, 100.420], ['10170', 13.775, 100.440],
  ['10200', 13.755, 100.495], ['10210', 13.900, 100.590], ['10220', 13.880, 100.650], ['10230', 13.830, 100.610],
  ['10240', 13.765, 100.645], ['10250', 13.715, 100.650], ['10260', 13.675, 100.610], ['10270', 13.600, 100.600],
  ['10280', 13.540, 100.640], ['10300', 13.780, 100.515], ['10310', 13.775, 100.580], ['10330', 13.740, 100.535],
  ['10400', 13.770, 100.540], ['10500', 13.725, 100.525], ['10510', 13.810, 100.740], ['10520', 13.730, 100.770],
  ['10530', 13.850, 100.860], ['10540', 13.620, 100.700], ['10600', 13.720, 100.490], ['10700', 13.775, 100.480],
  ['10800', 13.810, 100.530], ['10900', 13.825, 100.560], ['11000', 13.860, 100.510], ['11120', 13.910, 100.500],
  ['11130', 13.910, 100.420], ['11140', 13.860, 100.400], ['12000', 14.020, 100.530], ['12110', 14.020, 100.720],
  ['12120', 14.070, 100.620], ['12130', 13.990, 100.620], ['12150', 13.970, 100.750],
  ['50000', 18.790, 98.990], ['50100', 18.760, 98.980], ['50200', 18.800, 98.960], ['50300', 18.820, 99.000],
  ['50230', 18.690, 98.920], ['50210', 18.850, 99.040], ['50130', 18.750, 99.120], ['50180', 18.910, 98.950],
  ['57000', 19.910, 99.830], ['57100', 19.950, 99.880],
  ['83000', 7.880, 98.390], ['83100', 7.820, 98.340], ['83130', 7.780, 98.320], ['83150', 7.895, 98.300],
  ['83120', 7.910, 98.340], ['83110', 8.030, 98.330],
  ['20150', 12.930, 100.890], ['20250', 12.670, 100.900], ['20110', 13.170, 100.930], ['20230', 13.090, 100.890],
  ['20000', 13.360, 100.980], ['20130', 13.280, 100.930],
  ['21000', 12.680, 101.270], ['21150', 12.720, 101.060],
  ['77110', 12.570, 99.950], ['77120', 12.390, 99.910], ['76120', 12.800, 99.970],
  ['13000', 14.355, 100.570],
  ['30000', 14.975, 102.100], ['40000', 16.430, 102.830], ['40002', 16.470, 102.820], ['41000', 17.415, 102.790],
  ['90110', 7.005, 100.470], ['90000', 7.190, 100.595],
  ['84320', 9.530, 100.050], ['84310', 9.465, 100.040], ['84140', 9.535, 99.935],
  ['81000', 8.070, 98.910], ['81180', 8.030, 98.820],
];
