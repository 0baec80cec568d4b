import type { Problem } from '@app/contract'

/** The image types the server accepts for uploads (it also checks the bytes themselves). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const

/**
 * Judges a chosen file before it is sent: "Invalid Image !" (docs/requirements.md §4.6) for anything but an image, and
 * the size message for a file over `maxBytes`. The server repeats both checks.
 */
export function checkImageFile(
  file: { type: string; size: number },
  maxBytes: number,
  tooLarge: Problem['key'],
): Problem | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return { key: 'validation.image.invalid' }
  if (file.size > maxBytes) return { key: tooLarge }
  return null
}
