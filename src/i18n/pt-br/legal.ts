// Brazilian Portuguese legal pages: their frame and both documents (see src/components/legal).
import { CONTACT_EMAIL } from '../../../contract/rules.js';
import type { Messages } from '../en.js';

export const legal: Messages['legal'] = {
  back: '← Voltar',
  lastUpdated: 'Última atualização:',
  date: '28 de agosto de 2024',
  translationNote:
    'Tradução oferecida para sua conveniência: em caso de divergência, vale a versão em inglês.',
};

export const terms: Messages['terms'] = [
  {
    heading: 'O serviço',
    paragraphs: [
      'O Monthbook é um diário pessoal organizado por mês. Você cria meses, escreve registros diários com um destaque, um valor para a medida do mês e seus hábitos, e mantém uma lista de metas. Estes termos valem para todos que usam monthbook.app.',
    ],
  },
  {
    heading: 'Sua conta',
    paragraphs: [
      'Você precisa de uma conta com nome de usuário e senha para usar o diário. Guarde sua senha só para você: quem a tiver pode ler e alterar seu diário. Cada conta é de uma só pessoa.',
    ],
  },
  {
    heading: 'Planos e pagamento',
    paragraphs: [
      'O acesso ao diário é pago. O plano Mensal custa 0,90 USD por mês e é renovado até que você o cancele em Cobrança; o cancelamento interrompe a próxima renovação, e o acesso termina quando acaba o mês pago. O plano Pagamento único é cobrado uma só vez e não é renovado. Os pagamentos são processados pela Stripe; nunca vemos nem guardamos o número do seu cartão.',
      'Ofertas de lançamento, como o desconto para os primeiros clientes, valem apenas enquanto são exibidas no site.',
    ],
  },
  {
    heading: 'Seu conteúdo',
    paragraphs: [
      'O que você escreve no Monthbook é seu. Nós o guardamos apenas para mostrá-lo de volta a você. Não o publicamos, não o vendemos nem o usamos para treinar nada, e só olhamos para ele se você nos pedir ajuda com um problema.',
    ],
  },
  {
    heading: 'Uso aceitável',
    paragraphs: [
      'Não tente acessar o diário de outras pessoas, sobrecarregar ou sondar o serviço, nem usá-lo para qualquer fim ilícito. Podemos suspender uma conta que faça isso.',
    ],
  },
  {
    heading: 'Disponibilidade e responsabilidade',
    paragraphs: [
      'Trabalhamos para manter o Monthbook disponível e seus dados seguros, mas o serviço é oferecido como está, sem garantia de que nunca será interrompido. Na medida permitida por lei, nossa responsabilidade se limita ao valor que você nos pagou nos últimos doze meses.',
    ],
  },
  {
    heading: 'Alterações e contato',
    paragraphs: [
      `Se estes termos mudarem, atualizaremos a data acima e, em caso de mudanças significativas, avisaremos você no seu próximo acesso. Dúvidas sobre estes termos: ${CONTACT_EMAIL}.`,
    ],
  },
];

export const privacy: Messages['privacy'] = [
  {
    heading: 'Quem somos',
    paragraphs: [
      `O Monthbook é um pequeno serviço de diário pessoal. Para qualquer assunto sobre seus dados, escreva para ${CONTACT_EMAIL}.`,
    ],
  },
  {
    heading: 'O que guardamos',
    paragraphs: [
      'Sua conta: seu nome de usuário e um hash da sua senha (nunca a senha em si).',
      'Seu diário: os meses que você cria, com a medida e os hábitos de cada um, seus registros diários (destaque, valor da medida, hábitos praticados) e suas metas. Eles ficam guardados no nosso banco de dados, no nosso servidor.',
    ],
  },
  {
    heading: 'Por que guardamos',
    paragraphs: [
      'Apenas para operar o serviço: para você entrar na sua conta, para mostrar seu diário e para saber se o seu plano está pago. Não usamos seus dados para publicidade nem para criar perfis.',
    ],
  },
  {
    heading: 'Pagamentos',
    paragraphs: [
      'Os pagamentos são processados pela Stripe. A Stripe recebe os dados que você informa na página de pagamento dela e os mantém sob a própria política de privacidade. Guardamos apenas uma referência de cliente da Stripe e se o seu plano está ativo.',
    ],
  },
  {
    heading: 'Cookies e armazenamento local',
    paragraphs: [
      'Não usamos cookies de rastreamento ou de publicidade nem ferramentas de análise. Seu navegador guarda seus tokens de acesso, e o idioma que você escolher no app, no armazenamento local dele; sair da conta os remove.',
    ],
  },
  {
    heading: 'Compartilhamento',
    paragraphs: [
      'Não vendemos, alugamos nem compartilhamos seus dados. Eles são vistos apenas por você e, quando necessário para manter o serviço funcionando ou atender a um pedido seu, por nós. Só os divulgamos se a lei exigir.',
    ],
  },
  {
    heading: 'Guarda e exclusão',
    paragraphs: [
      'Seus dados ficam guardados até que você os exclua ou nos peça para excluí-los. Você pode excluir meses e registros a qualquer momento no app; excluir um mês exclui tudo o que há nele. Para excluir sua conta inteira e todos os dados dela, escreva para nós e faremos isso em até 30 dias.',
    ],
  },
  {
    heading: 'Seus direitos e alterações',
    paragraphs: [
      `Você pode nos pedir uma cópia dos seus dados, a correção deles ou a exclusão pelo endereço ${CONTACT_EMAIL}. Se esta política mudar, atualizaremos a data acima.`,
    ],
  },
];
