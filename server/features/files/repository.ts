import type { Database } from '../../db/connect.ts';
import { uploadedFiles } from '../../db/schema/content.ts';

export async function storeFile(
  db: Database,
  file: { cloudId: number; uploadedByUserId: number | null; name: string; contentType: string; data: Buffer },
) {
  const [stored] = await db
    .insert(uploadedFiles)
    .values({
      cloudId: file.cloudId,
      uploadedByUserId: file.uploadedByUserId,
      name: file.name,
      contentType: file.contentType,
      data: file.data,
      size: file.data.length,
    })
    .returning({
      id: uploadedFiles.id,
      name: uploadedFiles.name,
      size: uploadedFiles.size,
      content_type: uploadedFiles.contentType,
    });
  if (!stored) throw new Error('file not stored');
  return stored;
}
