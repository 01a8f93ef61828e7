# The simulator and the conformance runner as an image, built from the packed package:
#   npm ci && npm run build && npm pack && docker build -t rm-harness .
# Stage 1 installs the tarball's production dependencies; stage 2 carries only node_modules.
FROM node:22-alpine AS install
WORKDIR /app
COPY rm-api-harness-*.tgz /tmp/
RUN npm install --omit=dev --ignore-scripts --no-audit --no-fund /tmp/rm-api-harness-*.tgz \
  && rm /tmp/rm-api-harness-*.tgz

FROM node:22-alpine
ENV NODE_ENV=production
WORKDIR /app
COPY --from=install /app/node_modules ./node_modules
# The stores live in /data (a volume), owned by the unprivileged user the image runs as.
RUN mkdir /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 4000
# Settings: flags after the image name replace CMD; RM_HARNESS_ADMIN_TOKEN, RM_HARNESS_TOKEN and
# RM_HARNESS_LIMITED_TOKEN come from the environment (-e); a config file can be mounted and named with --config.
HEALTHCHECK --interval=10s --timeout=3s --start-period=15s \
  CMD wget -q -O /dev/null http://127.0.0.1:4000/__admin/health || exit 1
ENTRYPOINT ["node", "/app/node_modules/rm-api-harness/bin/rm-harness.js"]
CMD ["serve", "--host", "0.0.0.0", "--port", "4000", "--data-dir", "/data"]
