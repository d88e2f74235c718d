// Placeholder until the openapi plugin is written.
import fp from 'fastify-plugin';

export default fp(async function placeholder() {}, { name: 'openapi' });
