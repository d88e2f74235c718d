// Brazilian Portuguese words of the marketing page (see src/i18n/en/landing.ts).
import type { Messages } from '../en.js';

export const landing: Messages['landing'] = {
  sectionsLabel: 'Seções',
  pricing: 'Preços',
  about: 'Sobre',
  demo: 'Demonstração',
  login: 'Entrar',
  signUp: 'Criar conta',
  openApp: 'Abrir o Monthbook',
  heroTitle: 'Seu ano, registrado um mês de cada vez',
  lead: 'O Monthbook é um diário pessoal organizado por mês: um destaque por dia, uma medida para acompanhar, os hábitos que você quer manter e as metas que quer alcançar.',
  watchDemo: 'Assista à demonstração',
  features: [
    {
      title: 'Uma página para cada mês',
      body: 'Comece cada mês com um nome, a medida que você quer acompanhar (horas de sono, páginas lidas, quilômetros corridos) e os hábitos que quer manter.',
    },
    {
      title: 'Poucas linhas por dia',
      body: 'Cada registro do diário guarda o destaque do seu dia, o valor da sua medida e uma marcação para cada hábito que você praticou.',
    },
    {
      title: 'Metas para riscar da lista',
      body: 'Mantenha uma lista curta de metas ao lado dos seus registros e marque cada uma ao longo do mês.',
    },
  ],
  offer: (percentOff, customers) =>
    `${percentOff}% de desconto para os primeiros ${customers} clientes`,
  placesLeft: (remaining) =>
    remaining === 1
      ? 'Resta 1 vaga com o preço de lançamento.'
      : `Restam ${remaining} vagas com o preço de lançamento.`,
  launchPriceAtCheckout: 'O preço de lançamento é aplicado automaticamente no pagamento.',
  videoUnsupported: 'Seu navegador não consegue reproduzir este vídeo.',
  downloadVideo: 'Baixe o vídeo de demonstração',
  videoCaption:
    'Uma demonstração curta, sem som: criar um mês, escrever um registro no diário, marcar hábitos e uma meta.',
};
