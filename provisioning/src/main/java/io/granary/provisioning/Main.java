package io.granary.provisioning;

import io.granary.provisioning.diff.PlanDiff;
import io.granary.provisioning.model.Mappers;
import io.granary.provisioning.render.InventoryRenderer;
import io.granary.provisioning.render.PlanTable;
import io.granary.provisioning.render.VsphereVarsRenderer;
import io.granary.provisioning.vsphere.VcenterEndpoint;
import io.granary.provisioning.vsphere.VcenterFacts;
import io.granary.provisioning.vsphere.VspherePlanResult;
import io.granary.provisioning.vsphere.VspherePlanner;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code plan SPEC [--vcenter-facts FACTS.json] [--vcenter USER@HOST[:PORT]] [--out DIR]}: prints
 * the plan (or the findings) and, with --out, writes the inventory plus plan.json there. A vSphere
 * spec is planned against the vCenter's facts: the VMs first, then the host plan on them; with
 * --vcenter, --out also gets vsphere.yml (vsphere_vms.yml's variables). {@code diff BEFORE AFTER}:
 * plans both specs and prints what changes and restarts. Exit 0 planned, 1 a spec has errors, 2
 * usage.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 3 && args[0].equals("diff")) {
      return diff(Path.of(args[1]), Path.of(args[2]), out, err);
    }
    if (args.length < 2 || !args[0].equals("plan")) {
      return usage(err);
    }
    Path spec = Path.of(args[1]);
    Path outDir = null;
    Path facts = null;
    VcenterEndpoint vcenter = null;
    for (int i = 2; i < args.length; i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        outDir = Path.of(args[++i]);
      } else if (args[i].equals("--vcenter-facts") && i + 1 < args.length) {
        facts = Path.of(args[++i]);
      } else if (args[i].equals("--vcenter") && i + 1 < args.length) {
        vcenter = endpoint(args[++i]);
        if (vcenter == null) {
          return usage(err);
        }
      } else {
        return usage(err);
      }
    }
    try {
      if (facts != null) {
        return vsphere(Files.readString(spec), facts, vcenter, outDir, out, err);
      }
      PlanResult result = new Planner().plan(Files.readString(spec));
      out.print(PlanTable.render(result));
      if (!result.ok()) {
        err.println(result.errors().size() + " error(s): nothing written");
        return 1;
      }
      if (outDir != null) {
        new InventoryRenderer().write(result.plan(), outDir);
        Files.writeString(
            outDir.resolve("plan.json"), Mappers.JSON.writeValueAsString(result) + "\n");
        out.println("\nInventory written to " + InventoryRenderer.inventoryPath(outDir));
      }
      return 0;
    } catch (NoSuchFileException e) {
      err.println("no such file: " + e.getFile());
      return 2;
    } catch (IOException e) {
      err.println("cannot read or write: " + e.getMessage());
      return 2;
    }
  }

  /** A vSphere spec: the VM plan and the host plan; --out adds vsphere.yml with --vcenter. */
  private static int vsphere(
      String spec,
      Path factsFile,
      VcenterEndpoint vcenter,
      Path outDir,
      PrintStream out,
      PrintStream err)
      throws IOException {
    VcenterFacts facts;
    try {
      facts = VspherePlanner.readFacts(factsFile);
    } catch (UncheckedIOException e) {
      err.println(factsFile + ": " + e.getMessage());
      return 2;
    }
    VspherePlanResult result = new VspherePlanner(facts).plan(spec);
    out.print(PlanTable.render(result));
    if (!result.ok()) {
      err.println(result.errors().size() + " error(s): nothing written");
      return 1;
    }
    if (outDir != null) {
      new InventoryRenderer().write(result.plan(), outDir);
      Files.writeString(
          outDir.resolve("plan.json"), Mappers.JSON.writeValueAsString(result) + "\n");
      out.println("\nInventory written to " + InventoryRenderer.inventoryPath(outDir));
      if (vcenter != null && result.vms() != null) {
        Path vars = new VsphereVarsRenderer().write(result.vms(), vcenter, outDir);
        out.println("VM variables written to " + vars);
      }
    }
    return 0;
  }

  /** "user@host[:port]" → an endpoint that verifies the certificate. */
  static VcenterEndpoint endpoint(String s) {
    int at = s.lastIndexOf('@');
    if (at < 1 || at == s.length() - 1) {
      return null;
    }
    String host = s.substring(at + 1);
    int port = VcenterEndpoint.DEFAULT_PORT;
    int colon = host.lastIndexOf(':');
    try {
      if (colon > 0) {
        port = Integer.parseInt(host.substring(colon + 1));
        host = host.substring(0, colon);
      }
      return new VcenterEndpoint(host, port, s.substring(0, at), true);
    } catch (IllegalArgumentException e) {
      return null;
    }
  }

  /** The summary of {@link PlanDiff#between} the two specs' plans, one change a line. */
  private static int diff(Path before, Path after, PrintStream out, PrintStream err) {
    try {
      PlanResult a = new Planner().plan(Files.readString(before));
      PlanResult b = new Planner().plan(Files.readString(after));
      for (PlanResult r : List.of(a, b)) {
        if (!r.ok()) {
          out.print(PlanTable.render(r));
          err.println(r.errors().size() + " error(s): nothing compared");
          return 1;
        }
      }
      PlanDiff d = PlanDiff.between(a.plan(), b.plan());
      d.summary().forEach(out::println);
      if (d.empty()) {
        out.println("no change");
      }
      return 0;
    } catch (NoSuchFileException e) {
      err.println("no such file: " + e.getFile());
      return 2;
    } catch (IOException e) {
      err.println("cannot read: " + e.getMessage());
      return 2;
    }
  }

  private static int usage(PrintStream err) {
    err.println(
        "usage: granary-provisioning plan SPEC.yaml [--vcenter-facts FACTS.json]"
            + " [--vcenter USER@HOST[:PORT]] [--out DIR]");
    err.println("       granary-provisioning diff BEFORE.yaml AFTER.yaml");
    return 2;
  }
}
