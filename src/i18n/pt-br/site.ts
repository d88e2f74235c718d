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
  dueToday: (amount, currency) => `Total hoje: ${amount} ${currency}`,
  afterMonthly: (percentOff, amount, currency) =>
    percentOff > 0
      ? `Primeiro mês com ${percentOff}% de desconto, depois ${amount} ${currency} por mês.`
      : `Depois, ${amount} ${currency} por mês.`,
  afterOnce: (percentOff) =>
    percentOff > 0
      ? `Um único pagamento, com ${percentOff}% de desconto; nada mais a pagar.`
      : 'Um único pagamento; nada mais a pagar.',
  // `12` stays whole, `0.90` keeps its two decimals: 0,90.
  amount: (value) =>
    new Intl.NumberFormat('pt-BR', {
      minimumFractionDigits: value.includes('.') ? 2 : 0,
    }).format(Number(value)),
};
