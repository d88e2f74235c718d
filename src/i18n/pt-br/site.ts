// Brazilian Portuguese words of every page's frame (see src/i18n/en/site.ts).
import type { Messages } from '../en.js';

export const site: Messages['site'] = {
  loading: 'Carregando...',
  siteTitle: 'Monthbook — um diário organizado por mês',
  pageTitle: (title) => `${title} — Monthbook`,
  skipLink: 'Pular para o conteúdo',
  contact: 'Contato:',
  legalLinks: 'Informações legais',
  termsOfUse: 'Termos de uso',
  privacyPolicy: 'Política de privacidade',
  language: 'Idioma',
  closeDialog: 'Fechar diálogo',
  plans: {
    monthly: {
      name: 'Mensal',
      period: 'por mês',
      points: ['Todos os recursos', 'Cancele quando quiser em Cobrança'],
    },
    once: {
      name: 'Pagamento único',
      period: 'um só pagamento',
      points: ['Todos os recursos', 'Nenhuma assinatura para gerenciar'],
    },
  },
  originalPrice: 'preço original ',
  // `12` stays whole, `0.90` keeps its two decimals: 0,90.
  amount: (value) =>
    new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: value.includes('.') ? 2 : 0,
    }).format(Number(value)),
};
