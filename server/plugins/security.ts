// Placeholder until the security plugin is written.
import fp from 'fastify-plugin';

export default fp(async function placeholder() {}, { name: 'security' });
