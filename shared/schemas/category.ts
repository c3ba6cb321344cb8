import * as z from 'zod';

export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;
