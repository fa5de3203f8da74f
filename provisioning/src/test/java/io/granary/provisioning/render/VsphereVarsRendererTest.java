package io.granary.provisioning.render;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.vsphere.VcenterEndpoint;
import io.granary.provisioning.vsphere.VmPlan;
import io.granary.provisioning.vsphere.VspherePlanResult;
import io.granary.provisioning.vsphere.VspherePlanner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The golden file is scenarios/vcsim-lab/vsphere.yml (GoldenScenariosTest); here its rules. */
class VsphereVarsRendererTest {
  static final Path SCENARIO = Path.of("src/test/resources/scenarios/vcsim-lab/spec.yaml");
  static final VcenterEndpoint SIM =
      new VcenterEndpoint("127.0.0.1", 8989, "administrator@vsphere.local", true);

  static VmPlan vms(String spec) throws Exception {
    VspherePlanResult r =
        new VspherePlanner(
                VspherePlanner.readFacts(Path.of("src/test/resources/vsphere/vcsim-facts.json")))
            .plan(spec);
    assertTrue(r.ok(), () -> r.findings().toString());
    return r.vms();
  }

  static JsonNode yaml(String text) throws Exception {
    return Mappers.YAML.readTree(text);
  }

  @Test
  void variablesHaveTheAdrsKeysAndTypes() throws Exception {
    JsonNode v = yaml(new VsphereVarsRenderer().render(vms(Files.readString(SCENARIO)), SIM));
    assertEquals(
        List.of("granary_cluster", "granary_vcenter", "granary_drs_rule", "granary_vms"),
        iterate(v.fieldNames()));
    assertEquals(
        List.of(
            "hostname",
            "port",
            "username",
            "validate_certs",
            "datacenter",
            "cluster",
            "resource_pool",
            "folder",
            "template"),
        iterate(v.path("granary_vcenter").fieldNames()));
    assertTrue(v.path("granary_vcenter").path("port").isInt());
    assertTrue(v.path("granary_vcenter").path("validate_certs").isBoolean());
    assertTrue(v.path("granary_vcenter").path("resource_pool").isNull());
    JsonNode w = v.path("granary_vms").get(1);
    assertEquals(
        List.of(
            "name",
            "group",
            "esxi_host",
            "rack",
            "num_cpus",
            "cores_per_socket",
            "memory_mb",
            "memory_reservation_lock",
            "cpu_reservation_mhz",
            "latency_sensitivity",
            "network",
            "device_type",
            "mtu",
            "advanced_settings",
            "disks"),
        iterate(w.fieldNames()));
    assertTrue(w.path("num_cpus").isInt());
    assertTrue(w.path("memory_reservation_lock").isBoolean());
    assertTrue(w.path("mtu").isInt());
    // VMX values are strings
    assertTrue(w.path("advanced_settings").path("ethernet0.ctxPerDev").isTextual());
    assertEquals(
        List.of("datastore", "size_gb", "type", "controller", "unit"),
        iterate(w.path("disks").get(0).fieldNames()));
    assertEquals(
        "[\"vm1-worker-1\",\"vm1-worker-2\",\"vm1-worker-3\"]",
        v.path("granary_drs_rule").path("vms").toString());
  }

  @Test
  void thePasswordIsNeverWrittenAndTlsOptionsOnlyWhenGiven(@TempDir Path dir) throws Exception {
    VmPlan plan = vms(Files.readString(SCENARIO));
    String plain = new VsphereVarsRenderer().render(plan, SIM);
    assertFalse(plain.toLowerCase().contains("password"));
    assertFalse(plain.contains("ca_path"));
    assertFalse(plain.contains("thumbprint"));
    VcenterEndpoint pinned =
        new VcenterEndpoint(
            "vc.example.com", 443, "granary@vsphere.local", true, "/etc/granary/vc-ca.pem", null);
    Path file = new VsphereVarsRenderer().write(plan, pinned, dir);
    assertEquals(dir.resolve("vsphere.yml"), file);
    JsonNode vc = yaml(Files.readString(file)).path("granary_vcenter");
    assertEquals("/etc/granary/vc-ca.pem", vc.path("ca_path").asText());
    assertEquals(443, vc.path("port").asInt());
  }

  @Test
  void noWorkerVmsNoDrsRule() throws Exception {
    String mastersOnly =
        Files.readString(SCENARIO)
            .replace(
                "    - {name: worker, kind: worker, count: 3, vcpu: 2, memoryGb: 3,"
                    + " dataDiskGb: 20}\n",
                "")
            .replace(
                "{name: master, kind: master, count: 1, vcpu: 2, memoryGb: 3}",
                "{name: master, kind: master, count: 1, vcpu: 2, memoryGb: 3, dataDiskGb: 20,"
                    + " roles: [zookeeper, namenode, hbase_master, datanode, regionserver]}")
            .replace("erasureCoding: {policies: [XOR-2-1-1024k]}\n", "");
    JsonNode v = yaml(new VsphereVarsRenderer().render(vms(mastersOnly), SIM));
    assertTrue(v.path("granary_drs_rule").isMissingNode());
    assertEquals(1, v.path("granary_vms").size());
  }

  private static List<String> iterate(java.util.Iterator<String> it) {
    List<String> l = new java.util.ArrayList<>();
    it.forEachRemaining(l::add);
    return l;
  }
}
