#!/bin/bash
# Starts the control plane as PID 1 (the JVM, after exec: SIGTERM shuts it down gracefully).
# GRANARY_DB_URL is required: a missing one is one line naming it, exit code 2.
set -euo pipefail
if [ $# -gt 0 ]; then
  exec "$@"
fi
if [ -z "${GRANARY_DB_URL:-}" ]; then
  echo "granary-control-plane: GRANARY_DB_URL is required: the PostgreSQL JDBC URL, e.g. GRANARY_DB_URL=jdbc:postgresql://postgres:5432/granary (with GRANARY_DB_USER, GRANARY_DB_PASSWORD)" >&2
  exit 2
fi
if [[ ! "$GRANARY_DB_URL" =~ ^jdbc:postgresql:// ]]; then
  echo "granary-control-plane: GRANARY_DB_URL='$GRANARY_DB_URL' is not valid: expected jdbc:postgresql://host[:port]/database" >&2
  exit 2
fi
case "${GRANARY_TLS:-auto}" in
  auto|off|self-signed) ;;
  files)
    for v in GRANARY_TLS_CERT GRANARY_TLS_KEY; do
      if [ ! -r "${!v:-}" ]; then
        echo "granary-control-plane: GRANARY_TLS=files needs $v, a readable PEM file inside the container (got '${!v:-}')" >&2
        exit 2
      fi
    done ;;
  *)
    echo "granary-control-plane: GRANARY_TLS='$GRANARY_TLS' is not valid: auto (the default: HTTPS with a generated certificate), self-signed, files or off" >&2
    exit 2 ;;
esac
jars=(/opt/granary/control-plane/granary-backend-*.jar)
# the JDK export lets Hadoop read the Kerberos configuration (Kerberized clusters)
# shellcheck disable=SC2086
exec java --add-exports java.security.jgss/sun.security.krb5=ALL-UNNAMED -Xmx"${GRANARY_HEAP:-768m}" -XX:+UseG1GC ${GRANARY_JAVA_OPTS:-} -jar "${jars[0]}"
