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
  lead: 'O Monthbook é um diário pessoal organizado por mês: um destaque por dia, seu humor e suas notas, as medidas que você acompanha, os hábitos que quer manter e as metas que quer alcançar, com um calendário e uma visão do ano para olhar para trás.',
  watchDemo: 'Assista à demonstração',
  features: [
    {
      title: 'Uma página para cada mês',
      body: 'Comece cada mês com um nome, as medidas que você quer acompanhar (horas de sono, páginas lidas, quilômetros corridos) e os hábitos que quer manter: todo dia, em dias escolhidos da semana ou algumas vezes por semana.',
    },
    {
      title: 'Poucas linhas por dia',
      body: 'Cada registro do diário guarda o destaque do seu dia, uma nota mais longa quando você quiser, seu humor de péssimo a ótimo, o valor de cada medida e uma marcação para cada hábito que você praticou.',
    },
    {
      title: 'Metas para riscar da lista',
      body: 'Mantenha uma lista curta de metas ao lado dos seus registros e marque cada uma ao longo do mês.',
    },
    {
      title: 'O mês em resumo',
      body: 'Um calendário mostra os dias em que você escreveu e os hábitos que manteve; gráficos acompanham suas medidas e seu humor, e as sequências contam os hábitos que você mantém.',
    },
    {
      title: 'Seu ano em uma só visão',
      body: 'A visão do ano mostra todos os dias do ano em uma só imagem, por humor ou por hábitos, com cada medida mês a mês. A busca encontra qualquer registro em todos os seus meses.',
    },
    {
      title: 'Sem internet, com lembretes',
      body: 'Escreva sem conexão: os registros esperam no seu aparelho e são enviados quando você voltar a ficar on-line. Instale no celular e receba um lembrete diário por notificação ou e-mail, e um resumo semanal.',
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
