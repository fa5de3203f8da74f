package io.granary.clusters;

import static org.assertj.core.api.Assertions.assertThat;

import io.granary.engine.HaEndpoints;
import java.io.StringReader;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LocalClusterRegistrarTest {
  static Properties props(String text) throws Exception {
    Properties p = new Properties();
    p.load(new StringReader(text));
    return p;
  }

  @Test
  void aLocalClusterStartedWithHaRegistersEveryMember() throws Exception {
    HaEndpoints ha = LocalClusterRegistrar.ha(props("""
        ha=true
        nameservice=granary-local
        namenode.uri=hdfs\\://granary-local
        namenode.rpc.addresses=127.0.0.1\\:24020,127.0.0.1\\:24021
        namenode.web.urls=http\\://127.0.0.1\\:24070,http\\://127.0.0.1\\:24071
        master.web.urls=http\\://127.0.0.1\\:24610,http\\://127.0.0.1\\:24612
        """));
    assertThat(ha).isEqualTo(new HaEndpoints("granary-local", List.of("127.0.0.1:24020", "127.0.0.1:24021"),
        List.of("http://127.0.0.1:24070", "http://127.0.0.1:24071"),
        List.of("http://127.0.0.1:24610", "http://127.0.0.1:24612")));
  }

  @Test
  void oneWithoutHaOrFromAnOlderLauncherHasNone() throws Exception {
    assertThat(LocalClusterRegistrar.ha(props("ha=false\nnamenode.uri=hdfs\\://127.0.0.1\\:29520\n"))).isNull();
    assertThat(LocalClusterRegistrar.ha(props("namenode.uri=hdfs\\://127.0.0.1\\:29520\n"))).isNull();
  }
}
