// Placeholder until the web-app plugin is written.
import fp from 'fastify-plugin';

export default fp(async function placeholder() {}, { name: 'web-app' });
