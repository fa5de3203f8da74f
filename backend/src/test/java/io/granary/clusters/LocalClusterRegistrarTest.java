package io.granary.clusters;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.granary.engine.HaEndpoints;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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

  static LocalClusterRegistrar registrar(ClusterRepository repo, ClustersProperties.Register r) {
    Duration d = Duration.ofSeconds(5);
    return new LocalClusterRegistrar(new ClustersProperties(d, d, d, null, r), repo);
  }

  @Test
  void theConfiguredClusterIsRegisteredOnceThenItsEndpointsFollowTheConfiguration() {
    ClusterRepository repo = mock(ClusterRepository.class);
    ClustersProperties.Register r = new ClustersProperties.Register("compose", "zookeeper:2181",
        "hdfs://namenode:8020", "http://namenode:9870", "http://master:16010");
    when(repo.findByName("compose")).thenReturn(Optional.empty());
    registrar(repo, r).registerConfigured();
    verify(repo).insert("compose", ClusterKind.LOCAL, "zookeeper:2181", "hdfs://namenode:8020",
        "http://namenode:9870", "http://master:16010");
    Cluster existing = mock(Cluster.class);
    when(existing.id()).thenReturn(7L);
    when(repo.findByName("compose")).thenReturn(Optional.of(existing));
    registrar(repo, r).registerConfigured();
    verify(repo).updateEndpoints(7L, "zookeeper:2181", "hdfs://namenode:8020", "http://namenode:9870",
        "http://master:16010", null);
  }

  @Test
  void badConfiguredEndpointsStopTheStartNamingTheField() {
    ClusterRepository repo = mock(ClusterRepository.class);
    ClustersProperties.Register r = new ClustersProperties.Register("Compose", "zookeeper:2181",
        "namenode:8020", "http://namenode:9870", null);
    assertThatThrownBy(() -> registrar(repo, r).registerConfigured()).hasMessageContaining("name:")
        .hasMessageContaining("namenodeUri");
    verify(repo, never()).insert(anyString(), any(), anyString(), anyString(), anyString(), any());
    registrar(repo, new ClustersProperties.Register("", null, null, null, null)).registerConfigured();
    registrar(repo, null).registerConfigured();
    verify(repo, never()).findByName(anyString());
  }
}
