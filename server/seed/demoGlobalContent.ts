/**
 * Demo banners and logos (spec 02): two video banners and one image banner with its crop, three global logos and two
 * content logos, aimed at the whole country's mayoralties and governorates. Their images are drawn here (sharp renders
 * an SVG) and stored through the files service, so they are served as any upload. The demo contents (server/seed/demo.ts)
 * get their images here too, and all but the expired ones are published: active cards in date, one 'Programado'.
 */
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connection';
import { banners, bannerSettings, contents, globalLogos } from '../db/schema';
import { bannerElement, imageElement, logoElement } from '../files/elementTypes';
import { cleanImage } from '../files/images';
import { attachFiles } from '../files/refs';
import type { FileStorage } from '../files/storage';
import { storeFile } from '../files/upload';
import { coverCrop } from '../../resources/imageRules';

const COUNTRY = { segment: 0, departments: [], municipalities: [], groups: [], siteTypes: [1, 2, 3, 4] };
const escapeXml = (text: string) => text.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);

async function drawn(width: number, height: number, colour: string, text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${colour}"/><text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(height / 4)}" fill="#fff" text-anchor="middle">${escapeXml(text)}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function seedDemoGlobalContent(tx: Db, storage: FileStorage): Promise<void> {
  const services = { db: tx, storage };
  const store = async (element: typeof bannerElement | typeof imageElement, name: string, png: Buffer) => {
    const image = await cleanImage(png, 'png');
    return storeFile(services, element, { name, extension: 'png', size: png.length, path: null }, image, null);
  };

  const original = await drawn(1600, 600, '#3366CC', 'Trámites en línea');
  const photo = await store(bannerElement, 'tramites.png', original);
  const area = coverCrop(1600, 600, 4, 50, 40);
  const cover = await store(bannerElement, 'tramites-recorte.png', await sharp(original).extract(area).png().toBuffer());
  const rows = [
    { title: 'Trámites en línea', subtitle: 'Haz tus trámites sin filas', description: 'Persona haciendo un trámite desde su casa', link: 'https://www.gov.co', image: photo.fileID, cover: cover.fileID, positionY: 40 },
    { title: 'Gobierno digital', subtitle: 'Conoce la política de gobierno digital', description: 'Video sobre gobierno digital', urlVideo: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { title: 'Participa', subtitle: 'Tu opinión cuenta', description: 'Video sobre participación ciudadana', urlVideo: 'https://youtu.be/aqz-KE-bpKQ', isRequired: true },
  ];
  const insertedBanners = await tx
    .insert(banners)
    .values(rows.map((row, index) => ({ ...row, audience: COUNTRY, displayOrder: index + 1, slot: index + 1 })))
    .returning({ id: banners.bannerID });
  await attachFiles(tx, { resource: 'banners', recordId: String(insertedBanners[0]!.id) }, [photo.fileID, cover.fileID]);
  await tx.insert(bannerSettings).values({ id: 1, position: '1', rotation: 5, linkVideoTutorial: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', linkHerramientaDiseno: 'https://www.canva.com' });
  await tx.execute(sql`select setval(pg_get_serial_sequence('banner_settings', 'id'), 1)`);

  const logos = [
    { name: 'GOV.CO', url: 'https://www.gov.co', colour: '#3366CC', logoType: 0 },
    { name: 'MinTIC', url: 'https://www.mintic.gov.co', colour: '#004884', logoType: 0 },
    { name: 'Colombia Compra', url: 'https://www.colombiacompra.gov.co', colour: '#068460', logoType: 0 },
    { name: 'Transparencia', url: null, colour: '#A80521', logoType: 1 },
    { name: 'Datos abiertos', url: null, colour: '#F3561F', logoType: 1 },
  ];
  let contentSlot = 0;
  for (const [index, logo] of logos.entries()) {
    const file = await store(logoElement, `${logo.name}.png`, await drawn(200, 200, logo.colour, logo.name.slice(0, 3)));
    const [row] = await tx
      .insert(globalLogos)
      .values({ name: logo.name, url: logo.url, image: file.fileID, audience: COUNTRY, logoType: logo.logoType, position: index + 1, slot: logo.logoType === 1 ? (contentSlot += 1) : null })
      .returning({ id: globalLogos.globalLogoId });
    await attachFiles(tx, { resource: logo.logoType === 1 ? 'contentLogos' : 'globalLogos', recordId: String(row!.id) }, [file.fileID]);
  }

  // Publishing needs an image (spec 02 §5): each demo content gets one; the expired ones stay inactive.
  const colours = ['#3366CC', '#068460', '#004884', '#A80521'];
  const drafts = await tx.select({ id: contents.contentID, name: contents.name, showToDate: contents.showToDate }).from(contents).orderBy(contents.displayOrder);
  for (const [index, draft] of drafts.entries()) {
    const file = await store(imageElement, `contenido-${index + 1}.png`, await drawn(800, 450, colours[index % colours.length]!, draft.name.split(' ')[0] ?? ''));
    const ended = draft.showToDate !== null && new Date(draft.showToDate).getTime() <= Date.now();
    await tx.update(contents).set({ image: file.fileID, published: !ended } as Partial<typeof contents.$inferInsert>).where(sql`${contents.contentID} = ${draft.id}`);
    await attachFiles(tx, { resource: 'contents', recordId: String(draft.id) }, [file.fileID]);
  }
}
