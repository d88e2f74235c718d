// Brazilian Portuguese words of the app screens' frame, months and subscribe (see src/i18n/en/app.ts).
import { TRASH_DAYS } from '../../../contract/trash-rules.js';
import type { Messages } from '../en.js';

export const app: Messages['app'] = {
  journals: 'Diários',
  months: 'Meses',
  billing: 'Cobrança',
  feedback: 'Fale conosco',
  feedbackBody: 'Dúvidas, ideias ou algo com defeito? Escreva para nós:',
  settings: 'Configurações',
  logout: 'Sair',
  mainNav: 'Principal',
  menu: 'Menu',
  openMenu: 'Abrir menu',
  closeMenu: 'Fechar menu',
  errorTitle: 'Algo deu errado',
  errorFallback: 'Não foi possível carregar a página.',
  tryAgain: 'Tentar de novo',
  notFoundPageTitle: 'Página não encontrada',
  notFoundTitle: '404 Página não encontrada',
  notFoundBody: 'A página que você pediu não foi encontrada.',
  goHome: 'Ir para a página inicial',
  goToMonths: 'Ir para os seus meses',
  offlineTitle: 'Indisponível offline',
  offlineBody:
    'Esta página não está salva neste dispositivo. Ela carrega quando você voltar a ficar online.',
  unreachable: 'Não foi possível acessar o Monthbook. Verifique sua conexão e tente de novo.',
  subscribe: 'Assinar',
  subscriptionEnded: 'Sua assinatura terminou',
  subscriptionEndedBody:
    'Você ainda pode ler, pesquisar e exportar tudo o que escreveu. Renove para adicionar ou alterar registros.',
  renew: 'Renovar',
  noBillingAccount:
    'Ainda não há nada para mostrar em Cobrança: nenhum pagamento foi feito com esta conta.',
  choosePlan: 'Escolha seu plano',
  choosePlanIntro:
    'Escolha um plano para começar a escrever. Os pagamentos são processados com segurança pela Stripe.',
  checkoutCanceled: 'Nenhum pagamento foi feito.',
  alreadyPaid: 'Pagamento já feito',
  alreadyPaidBody: 'Seu pagamento foi confirmado: o Monthbook está pronto para você.',
  addMonth: 'Adicionar novo mês +',
  createMonth: 'Criar um mês',
  addHabit: 'Adicionar hábito +',
  noMonths: 'Nenhum mês ainda. Adicione seu primeiro mês para começar seu diário.',
  edit: 'Editar',
  delete: 'Excluir',
  cancel: 'Cancelar',
  close: 'Fechar',
  save: 'Salvar',
  editMonth: 'Editar mês',
  editMonthNamed: (name) => `Editar o mês ${name}`,
  deleteMonth: 'Excluir mês',
  deleteMonthNamed: (name) => `Excluir o mês ${name}`,
  thisMonth: 'este mês',
  deleteMonthQuestion: (name) =>
    `Excluir ${name} com todos os registros do diário e metas? Ele fica em Excluídos recentemente (Configurações) por ${TRASH_DAYS} dias, e você pode restaurá-lo de lá.`,
  monthField: 'Mês',
};
