# The simulator and the conformance runner as an image, built from the packed package:
#   npm ci && npm pack && docker build -t rm-harness .
# Stage 1 unpacks the tarball and installs its production dependencies with npm ci from the tarball's
# npm-shrinkwrap.json, so the image gets exactly the tested dependency tree (npm install of a local
# tarball would ignore that lockfile, npm/cli#5349); stage 2 carries only node_modules.
FROM node:22-alpine AS install
WORKDIR /app/node_modules/rm-api-harness
COPY rm-api-harness-*.tgz /tmp/
RUN tar -xzf /tmp/rm-api-harness-*.tgz --strip-components=1 \
  && npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
  && rm /tmp/rm-api-harness-*.tgz

FROM node:22-alpine
ENV NODE_ENV=production
# The port serve listens on (it reads RM_HARNESS_PORT) and the healthcheck probes: change it with
# -e RM_HARNESS_PORT=…, not with --port, so both agree.
ENV RM_HARNESS_PORT=4000
WORKDIR /app
COPY --from=install /app/node_modules ./node_modules
# The stores live in /data (a volume), owned by the unprivileged user the image runs as.
RUN mkdir /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4000
# Tokens come from the environment (-e): RM_HARNESS_ADMIN_TOKEN, RM_HARNESS_TOKEN, RM_HARNESS_LIMITED_TOKEN.
# No admin token is baked in: listening on 0.0.0.0 without RM_HARNESS_ADMIN_TOKEN, serve applies its rule
# for non-loopback hosts (it does not accept the well-known default there). A config file can be mounted
# and named with --config.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s \
  CMD wget -q -O /dev/null "http://127.0.0.1:${RM_HARNESS_PORT}/__admin/health" || exit 1
ENTRYPOINT ["node", "/app/node_modules/rm-api-harness/bin/rm-harness.js"]
CMD ["serve", "--host", "0.0.0.0", "--data-dir", "/data"]
