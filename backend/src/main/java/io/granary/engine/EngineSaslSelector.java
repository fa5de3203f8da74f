package io.granary.engine;

import java.util.Collection;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.provider.AuthenticationProviderSelector;
import org.apache.hadoop.hbase.security.provider.BuiltInProviderSelector;
import org.apache.hadoop.hbase.security.provider.GssSaslClientAuthenticationProvider;
import org.apache.hadoop.hbase.security.provider.SaslClientAuthenticationProvider;
import org.apache.hadoop.hbase.util.Pair;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;

/**
 * HBase's client picks its SASL provider through one selector per JVM, configured from the first
 * connection's configuration: a simple cluster seen first would make every later Kerberized
 * connection offer SIMPLE, which the server refuses. This one decides per connection: a user
 * holding Kerberos credentials (the control plane's keytab login of that cluster) gets GSSAPI,
 * anyone else what HBase's own selector gives. Set by {@link EngineConnections#conf} for every cluster.
 */
public final class EngineSaslSelector implements AuthenticationProviderSelector {
  static final String KEY = "hbase.client.sasl.provider.class";

  private final BuiltInProviderSelector builtIn = new BuiltInProviderSelector();
  private SaslClientAuthenticationProvider kerberos;

  @Override
  public void configure(Configuration conf, Collection<SaslClientAuthenticationProvider> providers) {
    builtIn.configure(conf, providers);
    kerberos = providers.stream().filter(p -> p instanceof GssSaslClientAuthenticationProvider).findFirst()
        .orElse(null);
  }

  @Override
  public Pair<SaslClientAuthenticationProvider, Token<? extends TokenIdentifier>> selectProvider(String clusterId,
      User user) {
    UserGroupInformation ugi = user.getUGI();
    UserGroupInformation real = ugi.getRealUser();
    if (kerberos != null && (ugi.hasKerberosCredentials() || (real != null && real.hasKerberosCredentials()))) {
      return new Pair<>(kerberos, null);
    }
    return builtIn.selectProvider(clusterId, user);
  }
}
