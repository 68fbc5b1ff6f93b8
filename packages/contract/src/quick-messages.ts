export interface QuickMessageView {
  id: number;
  companyId: number;
  userId: number | null;
  shortcode: string;
  message: string;
  mediaPath: string | null;
  mediaName: string | null;
  geral: boolean;
  visao: boolean;
}
