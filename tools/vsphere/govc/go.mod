module granary.invalid/tools/vsphere/govc

go 1.25.0

require github.com/vmware/govmomi v0.56.0

require (
	github.com/a8m/tree v0.0.0-20240104212747-2c8764a5f17e // indirect
	github.com/dougm/pretty v0.0.0-20160325215624-add1dbc86daf // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/kr/text v0.2.0 // indirect
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	github.com/xlab/treeprint v1.2.0 // indirect
	golang.org/x/text v0.41.0 // indirect
)
