package io.granary.vcenters;

import io.granary.provisioning.vsphere.VcenterFacts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a vCenter's inventory with govc ({@code object.collect -json} per object type, then
 * {@code device.ls} per template) and assembles {@link VcenterFacts} by walking parent links, so the
 * same parsing serves the live vCenter and the fixtures of the unit tests.
 */
public final class VcenterInventory {
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The reads, by name, in order; each is a govc argument list. */
  static final Map<String, List<String>> READS = reads();

  private static Map<String, List<String>> reads() {
    Map<String, List<String>> r = new LinkedHashMap<>();
    r.put("about", List.of("about", "-json"));
    r.put("datacenters", List.of("object.collect", "-json", "-type", "d", "/", "name", "parent", "vmFolder"));
    r.put("folders", List.of("object.collect", "-json", "-type", "f", "/", "name", "parent"));
    r.put("clusters", List.of("object.collect", "-json", "-type", "c", "/", "name", "parent",
        "configurationEx.drsConfig.enabled", "resourcePool"));
    r.put("hosts", List.of("object.collect", "-json", "-type", "h", "/", "name", "parent",
        "summary.hardware.numCpuCores", "summary.hardware.cpuMhz", "summary.hardware.memorySize",
        "runtime.connectionState", "runtime.inMaintenanceMode", "config.network.vswitch", "config.network.portgroup"));
    r.put("pools", List.of("object.collect", "-json", "-type", "p", "/", "name", "parent"));
    r.put("datastores", List.of("object.collect", "-json", "-type", "s", "/", "name", "parent", "summary.capacity",
        "summary.freeSpace", "summary.type"));
    r.put("networks", List.of("object.collect", "-json", "-type", "n", "/", "name", "parent"));
    r.put("portgroups", List.of("object.collect", "-json", "-type", "g", "/", "config.distributedVirtualSwitch"));
    r.put("switches", List.of("object.collect", "-json", "-type", "w", "/", "name", "config.maxMtu"));
    r.put("vms", List.of("object.collect", "-json", "-type", "m", "/", "name", "parent", "config.template",
        "config.guestId"));
    return r;
  }

  private VcenterInventory() {}

  /** The govc command lines of a read (for the API's `commands`), templates' device listings included. */
  public static List<String> commands(List<String> templatePaths) {
    List<String> out = new ArrayList<>();
    READS.values().forEach(a -> out.add("govc " + String.join(" ", a.stream().map(VcenterInventory::shellWord)
        .toList())));
    templatePaths.forEach(p -> out.add("govc device.ls -json -vm " + shellWord(p)));
    return out;
  }

  private static String shellWord(String s) {
    return s.matches("[A-Za-z0-9._/=-]+") ? s : Govc.quote(s);
  }

  /** Runs every read in one session. */
  public static Read read(Govc.Session s) {
    Map<String, String> out = new LinkedHashMap<>();
    READS.forEach((name, args) -> out.put(name, s.run(args)));
    Objects objs = new Objects(out);
    Map<String, String> devices = new LinkedHashMap<>();
    for (String path : objs.templatePaths()) {
      devices.put(path, s.run("device.ls", "-json", "-vm", path));
    }
    return new Read(parse(out, devices), commands(List.copyOf(devices.keySet())));
  }

  public record Read(VcenterFacts facts, List<String> commands) {}

  /** One managed object of a collect: type, id and the properties asked for. */
  record Obj(String type, String id, Map<String, JsonNode> props) {
    String name() {
      JsonNode n = props.get("name");
      return n == null ? id : n.asString();
    }

    String ref(String prop) {
      JsonNode n = props.get(prop);
      return n == null || n.isNull() ? null : n.path("value").asString(null);
    }

    Optional<JsonNode> get(String prop) {
      return Optional.ofNullable(props.get(prop)).filter(n -> !n.isNull());
    }
  }

  /** govc object.collect -json -type …: a stream of {kind, obj, changeSet} documents. */
  static List<Obj> objects(String text) {
    List<Obj> out = new ArrayList<>();
    if (text == null || text.isBlank()) {
      return out;
    }
    try (var it = JSON.readerFor(JsonNode.class).<JsonNode>readValues(text)) {
      while (it.hasNext()) {
        JsonNode doc = it.next();
        Map<String, JsonNode> props = new LinkedHashMap<>();
        for (JsonNode c : doc.path("changeSet")) {
          props.put(c.path("name").asString(), unwrap(c.path("val")));
        }
        out.add(new Obj(doc.path("obj").path("type").asString(), doc.path("obj").path("value").asString(), props));
      }
    }
    return out;
  }

  /** Arrays come wrapped as {"_value": [...]}. */
  static JsonNode unwrap(JsonNode v) {
    return v != null && v.isObject() && v.has("_value") ? v.get("_value") : v;
  }

  /** Every object of every read, by id, with the parent walks the assembly needs. */
  static final class Objects {
    final Map<String, Obj> byId = new HashMap<>();
    final Map<String, List<Obj>> byRead = new LinkedHashMap<>();

    Objects(Map<String, String> outputs) {
      outputs.forEach((read, text) -> {
        if (!read.equals("about")) {
          List<Obj> list = objects(text);
          byRead.put(read, list);
          // a portgroup appears under networks (name, parent) and portgroups (its switch): merge them
          list.forEach(o -> byId.merge(o.id(), o, (a, b) -> {
            Map<String, JsonNode> p = new LinkedHashMap<>(a.props());
            p.putAll(b.props());
            return new Obj(a.type(), a.id(), p);
          }));
        }
      });
    }

    List<Obj> of(String read) {
      return byRead.getOrDefault(read, List.of()).stream().map(o -> byId.get(o.id())).toList();
    }

    /** The datacenter an object lives in, by walking its parents. */
    Obj datacenter(Obj o) {
      Obj cur = o;
      for (int i = 0; cur != null && i < 64; i++) {
        if ("Datacenter".equals(cur.type())) {
          return cur;
        }
        String parent = cur.ref("parent");
        cur = parent == null ? null : byId.get(parent);
      }
      return null;
    }

    /** Names from below {@code top} (exclusive) down to {@code o}, joined by '/', or null when o is not under it. */
    String pathBelow(Obj o, String top) {
      List<String> names = new ArrayList<>();
      Obj cur = o;
      for (int i = 0; cur != null && i < 64; i++) {
        if (cur.id().equals(top)) {
          java.util.Collections.reverse(names);
          return String.join("/", names);
        }
        names.add(cur.name());
        String parent = cur.ref("parent");
        cur = parent == null ? null : byId.get(parent);
      }
      return null;
    }

    boolean template(Obj vm) {
      return vm.get("config.template").map(JsonNode::asBoolean).orElse(false);
    }

    /** Inventory paths of the templates (/DC0/vm/folder/name), for device.ls. */
    List<String> templatePaths() {
      List<String> out = new ArrayList<>();
      for (Obj vm : of("vms")) {
        Obj dc = datacenter(vm);
        if (template(vm) && dc != null) {
          String below = pathBelow(vm, dc.ref("vmFolder"));
          if (below != null) {
            out.add("/" + dc.name() + "/vm/" + below);
          }
        }
      }
      return out;
    }
  }

  /** The facts from the reads' outputs ({@link #READS} names) and each template's device.ls output. */
  public static VcenterFacts parse(Map<String, String> outputs, Map<String, String> devicesByTemplatePath) {
    Objects objs = new Objects(outputs);
    JsonNode about = outputs.get("about") == null || outputs.get("about").isBlank() ? null
        : JSON.readTree(outputs.get("about")).path("about");
    List<VcenterFacts.Datacenter> dcs = new ArrayList<>();
    for (Obj dc : objs.of("datacenters").stream().sorted(Comparator.comparing(Obj::name)).toList()) {
      dcs.add(datacenter(objs, dc, devicesByTemplatePath));
    }
    return new VcenterFacts(about == null ? null : about.path("apiVersion").asString(null),
        about == null ? null : about.path("fullName").asString(null), dcs);
  }

  private static boolean in(Objects objs, Obj o, Obj dc) {
    Obj d = objs.datacenter(o);
    return d != null && d.id().equals(dc.id());
  }

  private static VcenterFacts.Datacenter datacenter(Objects objs, Obj dc, Map<String, String> devices) {
    List<Obj> hostsHere = objs.of("hosts").stream().filter(h -> in(objs, h, dc)).toList();
    List<VcenterFacts.ComputeCluster> clusters = new ArrayList<>();
    for (Obj c : objs.of("clusters").stream().filter(c -> in(objs, c, dc)).sorted(Comparator.comparing(Obj::name))
        .toList()) {
      List<VcenterFacts.EsxiHost> hosts = hostsHere.stream().filter(h -> c.id().equals(h.ref("parent")))
          .sorted(Comparator.comparing(Obj::name)).map(VcenterInventory::host).toList();
      String root = c.ref("resourcePool");
      List<String> pools = root == null ? List.of() : objs.of("pools").stream().filter(p -> !p.id().equals(root))
          .map(p -> objs.pathBelow(p, root)).filter(p -> p != null && !p.isEmpty()).sorted().toList();
      clusters.add(new VcenterFacts.ComputeCluster(c.name(),
          c.get("configurationEx.drsConfig.enabled").map(JsonNode::asBoolean).orElse(null), hosts, pools));
    }
    List<VcenterFacts.Datastore> datastores = objs.of("datastores").stream().filter(s -> in(objs, s, dc))
        .sorted(Comparator.comparing(Obj::name))
        .map(s -> new VcenterFacts.Datastore(s.name(), s.get("summary.capacity").map(JsonNode::asLong).orElse(null),
            s.get("summary.freeSpace").map(JsonNode::asLong).orElse(null),
            s.get("summary.type").map(JsonNode::asString).orElse(null)))
        .toList();
    Map<String, Integer> switchMtu = new HashMap<>();
    for (Obj w : objs.of("switches")) {
      w.get("config.maxMtu").map(JsonNode::asInt).filter(m -> m > 0).ifPresent(m -> switchMtu.put(w.id(), m));
    }
    Map<String, Integer> standardMtu = standardPortgroupMtu(hostsHere);
    List<VcenterFacts.Network> networks = objs.of("networks").stream().filter(n -> in(objs, n, dc))
        .sorted(Comparator.comparing(Obj::name))
        .map(n -> new VcenterFacts.Network(n.name(), n.type(), "DistributedVirtualPortgroup".equals(n.type())
            ? switchMtu.get(n.ref("config.distributedVirtualSwitch")) : standardMtu.get(n.name())))
        .toList();
    List<VcenterFacts.Template> templates = new ArrayList<>();
    String vmFolder = dc.ref("vmFolder");
    for (Obj vm : objs.of("vms").stream().filter(v -> objs.template(v) && in(objs, v, dc))
        .sorted(Comparator.comparing(Obj::name)).toList()) {
      String path = "/" + dc.name() + "/vm/" + objs.pathBelow(vm, vmFolder);
      List<String> nics = new ArrayList<>();
      int disks = 0;
      String listing = devices.get(path);
      if (listing != null && !listing.isBlank()) {
        for (JsonNode d : JSON.readTree(listing).path("devices")) {
          String type = d.path("type").asString("");
          if (type.equals("VirtualDisk")) {
            disks++;
          } else if (type.matches("Virtual(E1000e?|Vmxnet\\d*|PCNet32|Sriov\\w*)")) {
            nics.add(type.substring("Virtual".length()).toLowerCase(Locale.ROOT));
          }
        }
      }
      templates.add(new VcenterFacts.Template(vm.name(), vm.get("config.guestId").map(JsonNode::asString).orElse(null),
          nics, listing == null ? null : disks));
    }
    List<String> folders = vmFolder == null ? List.of() : objs.of("folders").stream()
        .filter(f -> !f.id().equals(vmFolder)).map(f -> objs.pathBelow(f, vmFolder))
        .filter(p -> p != null && !p.isEmpty()).sorted().toList();
    return new VcenterFacts.Datacenter(dc.name(), clusters, datastores, networks, templates, folders);
  }

  private static VcenterFacts.EsxiHost host(Obj h) {
    return new VcenterFacts.EsxiHost(h.name(), h.get("summary.hardware.numCpuCores").map(JsonNode::asInt).orElse(null),
        h.get("summary.hardware.cpuMhz").map(JsonNode::asInt).orElse(null),
        h.get("summary.hardware.memorySize").map(JsonNode::asLong).orElse(null),
        h.get("runtime.connectionState").map(JsonNode::asString).orElse(null),
        h.get("runtime.inMaintenanceMode").map(JsonNode::asBoolean).orElse(null));
  }

  /** Standard port group name → the smallest MTU of the vSwitches carrying it on these hosts. */
  static Map<String, Integer> standardPortgroupMtu(List<Obj> hosts) {
    Map<String, Integer> out = new HashMap<>();
    for (Obj h : hosts) {
      Map<String, Integer> switchMtu = new HashMap<>();
      h.get("config.network.vswitch").ifPresent(list -> list.forEach(v -> {
        if (v.path("mtu").asInt(0) > 0) {
          switchMtu.put(v.path("key").asString(), v.path("mtu").asInt());
        }
      }));
      h.get("config.network.portgroup").ifPresent(list -> list.forEach(pg -> {
        Integer mtu = switchMtu.get(pg.path("vswitch").asString());
        String name = pg.path("spec").path("name").asString(null);
        if (mtu != null && name != null) {
          out.merge(name, mtu, Math::min);
        }
      }));
    }
    return out;
  }
}
