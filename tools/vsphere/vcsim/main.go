// vcsim: Granary's launcher for govmomi's vCenter simulator (the library's simulator package at
// v0.52.0; later releases send an empty FaultToleranceState that pyvmomi cannot parse).
// It serves one VPX inventory over HTTPS until SIGINT/SIGTERM and prints, on one stdout line,
// the URL and its PID for scripts to pick up.
package main

import (
	"crypto/tls"
	"flag"
	"fmt"
	"log"
	"net/url"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/vmware/govmomi/simulator"
	_ "github.com/vmware/govmomi/vapi/simulator" // REST endpoints (/rest, /api): vmware.vmware's REST modules
	"github.com/vmware/govmomi/vim25/types"
)

func main() {
	m := simulator.VPX()
	listen := flag.String("listen", "127.0.0.1:8989", "address to serve on (keep it on loopback)")
	username := flag.String("username", "", "the only user accepted (empty: any user and password)")
	password := flag.String("password", "", "that user's password")
	flag.IntVar(&m.Datacenter, "dc", m.Datacenter, "datacenters")
	flag.IntVar(&m.Cluster, "cluster", m.Cluster, "clusters per datacenter")
	flag.IntVar(&m.ClusterHost, "host", m.ClusterHost, "ESXi hosts per cluster")
	flag.IntVar(&m.Host, "standalone-host", m.Host, "standalone ESXi hosts per datacenter")
	flag.IntVar(&m.Machine, "vm", m.Machine, "VMs per resource pool / standalone host")
	flag.IntVar(&m.Datastore, "ds", m.Datastore, "local datastores (LocalDS_0..n-1)")
	flag.IntVar(&m.Portgroup, "pg", m.Portgroup, "distributed port groups per DVS")
	// pyvmomi >= 9 cannot read the simulator's default 6.5 API (AttributeError: summary)
	flag.StringVar(&m.ServiceContent.About.ApiVersion, "api-version", "8.0.3.0", "API version the simulator reports")
	flag.Parse()

	u := &url.URL{Host: *listen}
	if *username != "" {
		u.User = url.UserPassword(*username, *password)
	}
	m.ServiceContent.About.FullName += " (Granary vcsim)"
	if err := m.Create(); err != nil {
		log.Fatalf("vcsim: creating the inventory: %v", err)
	}
	defer m.Remove()
	m.Service.RegisterEndpoints = true
	m.Service.Listen = u
	m.Service.TLS = new(tls.Config) // self-signed certificate
	srv := m.Service.NewServer()
	defer srv.Close()

	go mirrorClusterRules(m)

	shown := *srv.URL
	shown.User = nil // never print the password
	fmt.Printf("VCSIM_URL=%s VCSIM_PID=%d\n", shown.String(), os.Getpid())

	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGINT, syscall.SIGTERM)
	<-stop
}

// mirrorClusterRules copies each cluster's configurationEx.rule into configuration.rule every 100 ms.
// vCenter reports the rules in both; the simulator updates only configurationEx, while
// community.vmware's DRS rule modules (vmware_vm_vm_drs_rule, vmware_drs_rule_info) read the older
// configuration.rule, so without this they never see an existing rule and add it again.
func mirrorClusterRules(m *simulator.Model) {
	reg := m.Map()
	lockCtx := &simulator.Context{Map: reg}
	for range time.Tick(100 * time.Millisecond) {
		for _, e := range reg.All("ClusterComputeResource") {
			c, ok := e.(*simulator.ClusterComputeResource)
			if !ok {
				continue
			}
			reg.WithLock(lockCtx, c, func() {
				if ex, ok := c.ConfigurationEx.(*types.ClusterConfigInfoEx); ok {
					c.Configuration.Rule = append([]types.BaseClusterRuleInfo(nil), ex.Rule...)
				}
			})
		}
	}
}
