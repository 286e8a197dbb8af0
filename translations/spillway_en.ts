<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AgentsHealth</name>
    <message>
        <source>%1 %2/%3 Ready</source>
        <translation>%1 %2/%3 Ready</translation>
    </message>
    <message>
        <source>agents %1/%1 Ready</source>
        <translation>agents %1/%1 Ready</translation>
    </message>
</context>
<context>
    <name>Dashboard</name>
    <message>
        <source>Disabled</source>
        <translation>Disabled</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>not Ready</source>
        <translation>not Ready</translation>
    </message>
    <message>
        <source>%1, %2 ms</source>
        <translation>%1, %2 ms</translation>
    </message>
    <message>
        <source>this cluster</source>
        <translation>this cluster</translation>
    </message>
</context>
<context>
    <name>Gauge</name>
    <message>
        <source>CPU %1/%2</source>
        <translation>CPU %1/%2</translation>
    </message>
    <message>
        <source>Memory %1/%2 GiB</source>
        <translation>Memory %1/%2 GiB</translation>
    </message>
    <message>
        <source>Pods %1/%2</source>
        <translation>Pods %1/%2</translation>
    </message>
</context>
<context>
    <name>HumanTime</name>
    <message>
        <source>just now</source>
        <translation>just now</translation>
    </message>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>%n s ago</numerusform>
            <numerusform>%n s ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n min ago</numerusform>
            <numerusform>%n min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n h ago</numerusform>
            <numerusform>%n h ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>%n day ago</numerusform>
            <numerusform>%n days ago</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
</context>
<context>
    <name>InstallRequest</name>
    <message>
        <source>Choose the cluster to install into.</source>
        <translation>Choose the cluster to install into.</translation>
    </message>
    <message>
        <source>Timeout: give a number of seconds above zero.</source>
        <translation>Timeout: give a number of seconds above zero.</translation>
    </message>
    <message>
        <source>Runtime must be auto, local or kubernetes (got &quot;%1&quot;).</source>
        <translation>Runtime must be auto, local or kubernetes (got &quot;%1&quot;).</translation>
    </message>
</context>
<context>
    <name>MapDetails</name>
    <message>
        <source>CPU %1/%2 · %3/%4 GiB · pods %5/%6</source>
        <translation>CPU %1/%2 · %3/%4 GiB · pods %5/%6</translation>
    </message>
    <message>
        <source>CPU %1 · %2 GiB · pods %3</source>
        <translation>CPU %1 · %2 GiB · pods %3</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>none</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 → %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 → %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Tunnel: %1 (%2)</source>
        <translation>Tunnel: %1 (%2)</translation>
    </message>
    <message>
        <source>Latency: %1 ms</source>
        <translation>Latency: %1 ms</translation>
    </message>
    <message>
        <source>Virtual node: %1 (%2)</source>
        <translation>Virtual node: %1 (%2)</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>not Ready</source>
        <translation>not Ready</translation>
    </message>
    <message>
        <source>Seen from the provider only: add the consumer&apos;s kubeconfig for its virtual node.</source>
        <translation>Seen from the provider only: add the consumer&apos;s kubeconfig for its virtual node.</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>Modules</translation>
    </message>
    <message>
        <source>%1: disabled</source>
        <translation>%1: disabled</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>no condition reported</source>
        <translation>no condition reported</translation>
    </message>
    <message>
        <source>ResourceSlices</source>
        <translation>ResourceSlices</translation>
    </message>
    <message>
        <source>%1/%2 in %3 (class %4)</source>
        <translation>%1/%2 in %3 (class %4)</translation>
    </message>
    <message>
        <source>asked: %1</source>
        <translation>asked: %1</translation>
    </message>
    <message>
        <source>granted: %1</source>
        <translation>granted: %1</translation>
    </message>
    <message>
        <source>granted: not yet answered by the provider</source>
        <translation>granted: not yet answered by the provider</translation>
    </message>
    <message>
        <source>Gateways</source>
        <translation>Gateways</translation>
    </message>
    <message>
        <source>%1: %2 %3/%4 — %5</source>
        <translation>%1: %2 %3/%4 — %5</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Connection</translation>
    </message>
    <message>
        <source>no status yet</source>
        <translation>no status yet</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <source>none seen</source>
        <translation>none seen</translation>
    </message>
    <message>
        <source>• %1 · %2 · %3 %4: %5</source>
        <translation>• %1 · %2 · %3 %4: %5</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Cluster ID: %1</source>
        <translation>Cluster ID: %1</translation>
    </message>
    <message>
        <source>Consumes from: %1</source>
        <translation>Consumes from: %1</translation>
    </message>
    <message>
        <source>Provides to: %1</source>
        <translation>Provides to: %1</translation>
    </message>
    <message>
        <source>Not in the workspace: only its peers report it.</source>
        <translation>Not in the workspace: only its peers report it.</translation>
    </message>
    <message>
        <source>Watch error: %1</source>
        <translation>Watch error: %1</translation>
    </message>
</context>
<context>
    <name>MapItems</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Mem</source>
        <translation>Mem</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source> (measured %1)</source>
        <translation> (measured %1)</translation>
    </message>
    <message>
        <source>up</source>
        <translation>up</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>degraded</translation>
    </message>
    <message>
        <source>down</source>
        <translation>down</translation>
    </message>
    <message>
        <source>no network</source>
        <translation>no network</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>Authentication</source>
        <translation>Authentication</translation>
    </message>
    <message>
        <source>Networking</source>
        <translation>Networking</translation>
    </message>
    <message>
        <source>Offloading</source>
        <translation>Offloading</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>Lends</source>
        <translation>Lends</translation>
    </message>
    <message>
        <source>Borrows</source>
        <translation>Borrows</translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2: %3</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Agent %1</source>
        <translation>Agent %1</translation>
    </message>
</context>
<context>
    <name>NamespaceOffloadingDraft</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>a NamespaceOffloading is written as in Liqo&apos;s documentation (kubectl explain namespaceoffloading.spec)</source>
        <translation>a NamespaceOffloading is written as in Liqo&apos;s documentation (kubectl explain namespaceoffloading.spec)</translation>
    </message>
    <message>
        <source>%1 needs at least one value</source>
        <translation>%1 needs at least one value</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a label value (up to 63 letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;)</source>
        <translation>&quot;%1&quot; is not a label value (up to 63 letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;)</translation>
    </message>
    <message>
        <source>%1 takes no values</source>
        <translation>%1 takes no values</translation>
    </message>
    <message>
        <source>%1 takes exactly one integer</source>
        <translation>%1 takes exactly one integer</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an operator (%2)</source>
        <translation>&quot;%1&quot; is not an operator (%2)</translation>
    </message>
    <message>
        <source>must be a map with nodeSelectorTerms</source>
        <translation>must be a map with nodeSelectorTerms</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>must be a list</translation>
    </message>
    <message>
        <source>must be a map</source>
        <translation>must be a map</translation>
    </message>
    <message>
        <source>peers are chosen by their virtual nodes&apos; labels; use matchExpressions</source>
        <translation>peers are chosen by their virtual nodes&apos; labels; use matchExpressions</translation>
    </message>
    <message>
        <source>needs a key and an operator</source>
        <translation>needs a key and an operator</translation>
    </message>
    <message>
        <source>values are strings (quote numbers)</source>
        <translation>values are strings (quote numbers)</translation>
    </message>
    <message>
        <source>the document</source>
        <translation>the document</translation>
    </message>
    <message>
        <source>must be a map (apiVersion, kind, metadata, spec)</source>
        <translation>must be a map (apiVersion, kind, metadata, spec)</translation>
    </message>
    <message>
        <source>this editor writes offloading.liqo.io/v1beta1 NamespaceOffloading, not %1 %2</source>
        <translation>this editor writes offloading.liqo.io/v1beta1 NamespaceOffloading, not %1 %2</translation>
    </message>
    <message>
        <source>must be &quot;offloading&quot; (Liqo allows one per namespace, with that name)</source>
        <translation>must be &quot;offloading&quot; (Liqo allows one per namespace, with that name)</translation>
    </message>
    <message>
        <source>must be &quot;true&quot; or &quot;false&quot;</source>
        <translation>must be &quot;true&quot; or &quot;false&quot;</translation>
    </message>
    <message>
        <source>must be a number of seconds, quoted</source>
        <translation>must be a number of seconds, quoted</translation>
    </message>
    <message>
        <source>is not a field of NamespaceOffloading</source>
        <translation>is not a field of NamespaceOffloading</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>must be a string</translation>
    </message>
    <message>
        <source>the YAML</source>
        <translation>the YAML</translation>
    </message>
    <message>
        <source>choose the namespace to offload</source>
        <translation>choose the namespace to offload</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a namespace name (lowercase letters, digits and &apos;-&apos;, up to 63)</source>
        <translation>&quot;%1&quot; is not a namespace name (lowercase letters, digits and &apos;-&apos;, up to 63)</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>must be one of %1</translation>
    </message>
    <message>
        <source>SelectedName needs the remote namespace&apos;s name</source>
        <translation>SelectedName needs the remote namespace&apos;s name</translation>
    </message>
    <message>
        <source>only SelectedName uses a remote name; clear it or choose SelectedName</source>
        <translation>only SelectedName uses a remote name; clear it or choose SelectedName</translation>
    </message>
    <message>
        <source>row %1 has no label key</source>
        <translation>row %1 has no label key</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a label key</source>
        <translation>&quot;%1&quot; is not a label key</translation>
    </message>
    <message>
        <source>row %1: %2</source>
        <translation>row %1: %2</translation>
    </message>
    <message>
        <source>is -1 (Kubernetes&apos; 300 s) or a number of seconds</source>
        <translation>is -1 (Kubernetes&apos; 300 s) or a number of seconds</translation>
    </message>
</context>
<context>
    <name>NextStep</name>
    <message>
        <source>Start by adding a kubeconfig: the console lists its contexts and asks each cluster whether Spillway runs there.</source>
        <translation>Start by adding a kubeconfig: the console lists its contexts and asks each cluster whether Spillway runs there.</translation>
    </message>
    <message>
        <source>Add kubeconfig…</source>
        <translation>Add kubeconfig…</translation>
    </message>
    <message>
        <source>Spillway is not installed in %1 yet. Install it in two clusters to peer them.</source>
        <translation>Spillway is not installed in %1 yet. Install it in two clusters to peer them.</translation>
    </message>
    <message>
        <source>One cluster has Spillway. Install it in %1 too, then peer the two.</source>
        <translation>One cluster has Spillway. Install it in %1 too, then peer the two.</translation>
    </message>
    <message>
        <source>Install in %1…</source>
        <translation>Install in %1…</translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) have Spillway and none is peered yet: peer two, and the consumer borrows the provider&apos;s capacity.</source>
        <translation>
            <numerusform>%n cluster has Spillway and none is peered yet: peer it with another, and the consumer borrows the provider&apos;s capacity.</numerusform>
            <numerusform>%n clusters have Spillway and none is peered yet: peer two, and the consumer borrows the provider&apos;s capacity.</numerusform>
        </translation>
    </message>
    <message>
        <source>Peer clusters…</source>
        <translation>Peer clusters…</translation>
    </message>
    <message>
        <source>No cluster answers yet: each row says what is wrong and how to fix it.</source>
        <translation>No cluster answers yet: each row says what is wrong and how to fix it.</translation>
    </message>
    <message>
        <source>Only one cluster has Spillway: add the kubeconfig of another to peer with.</source>
        <translation>Only one cluster has Spillway: add the kubeconfig of another to peer with.</translation>
    </message>
</context>
<context>
    <name>OffloadedPods</name>
    <message>
        <source>Terminating</source>
        <translation>Terminating</translation>
    </message>
</context>
<context>
    <name>PeeringRequest</name>
    <message>
        <source>Choose the consumer cluster.</source>
        <translation>Choose the consumer cluster.</translation>
    </message>
    <message>
        <source>The consumer and the provider must be different clusters.</source>
        <translation>The consumer and the provider must be different clusters.</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memory</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a quantity (e.g. 4, 500m, 8Gi).</source>
        <translation>%1: &quot;%2&quot; is not a quantity (e.g. 4, 500m, 8Gi).</translation>
    </message>
    <message>
        <source>Pods: give a whole number above zero.</source>
        <translation>Pods: give a whole number above zero.</translation>
    </message>
    <message>
        <source>ResourceSlice class: give a class (the provider&apos;s policy for it decides; &quot;default&quot; if unsure).</source>
        <translation>ResourceSlice class: give a class (the provider&apos;s policy for it decides; &quot;default&quot; if unsure).</translation>
    </message>
    <message>
        <source>Timeout: give a number of seconds above zero.</source>
        <translation>Timeout: give a number of seconds above zero.</translation>
    </message>
    <message>
        <source>Invitation: %1</source>
        <translation>Invitation: %1</translation>
    </message>
    <message>
        <source>Choose the provider cluster, or paste its invitation.</source>
        <translation>Choose the provider cluster, or paste its invitation.</translation>
    </message>
</context>
<context>
    <name>PodEvents</name>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Recorded in</source>
        <translation>Recorded in</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>Count</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>%1 (the twin)</source>
        <translation>%1 (the twin)</translation>
    </message>
</context>
<context>
    <name>RuntimeChoice</name>
    <message>
        <source>a virtual node (its pods run in a peer cluster)</source>
        <translation>a virtual node (its pods run in a peer cluster)</translation>
    </message>
    <message>
        <source>simulated by KWOK (it runs no containers)</source>
        <translation>simulated by KWOK (it runs no containers)</translation>
    </message>
    <message>
        <source>cordoned (spec.unschedulable)</source>
        <translation>cordoned (spec.unschedulable)</translation>
    </message>
    <message>
        <source>tainted %1:%2</source>
        <translation>tainted %1:%2</translation>
    </message>
    <message>
        <source>not Ready</source>
        <translation>not Ready</translation>
    </message>
    <message>
        <source>local runtime, as asked: the agents run as processes on this machine</source>
        <translation>local runtime, as asked: the agents run as processes on this machine</translation>
    </message>
    <message>
        <source>kubernetes runtime, as asked: these nodes can run the agents&apos; pods: %1</source>
        <translation>kubernetes runtime, as asked: these nodes can run the agents&apos; pods: %1</translation>
    </message>
    <message>
        <source>kubernetes runtime, because these nodes can run the agents&apos; pods: %1 (--runtime local runs the agents on this machine instead)</source>
        <translation>kubernetes runtime, because these nodes can run the agents&apos; pods: %1 (--runtime local runs the agents on this machine instead)</translation>
    </message>
    <message>
        <source>the cluster has no nodes</source>
        <translation>the cluster has no nodes</translation>
    </message>
    <message>
        <source>--runtime kubernetes needs a node that can run pods (Ready, schedulable, backed by a real kubelet), and none can: %1</source>
        <translation>--runtime kubernetes needs a node that can run pods (Ready, schedulable, backed by a real kubelet), and none can: %1</translation>
    </message>
    <message>
        <source>add a node that runs containers, or install with --runtime local to run the agents on this machine</source>
        <translation>add a node that runs containers, or install with --runtime local to run the agents on this machine</translation>
    </message>
    <message>
        <source>local runtime: no node can run the agents&apos; pods (%1), so they run as processes on this machine</source>
        <translation>local runtime: no node can run the agents&apos; pods (%1), so they run as processes on this machine</translation>
    </message>
    <message>
        <source>no node that can run the agents has the image %1: unless %2 serves it, its pods will wait (ErrImagePull or ErrImageNeverPull). Load it into the nodes&apos; runtime (e.g. ctr -n k8s.io images import ARCHIVE from ./run images; on the testbed ./run cluster import NAME build/images/*.tar) or push it there</source>
        <translation>no node that can run the agents has the image %1: unless %2 serves it, its pods will wait (ErrImagePull or ErrImageNeverPull). Load it into the nodes&apos; runtime (e.g. ctr -n k8s.io images import ARCHIVE from ./run images; on the testbed ./run cluster import NAME build/images/*.tar) or push it there</translation>
    </message>
</context>
<context>
    <name>SqliteUsageArchive</name>
    <message>
        <source>the console&apos;s history needs Qt&apos;s SQLite driver, which is not installed</source>
        <translation>the console&apos;s history needs Qt&apos;s SQLite driver, which is not installed</translation>
    </message>
    <message>
        <source>install it (Debian: apt-get install libqt6sql6-sqlite)</source>
        <translation>install it (Debian: apt-get install libqt6sql6-sqlite)</translation>
    </message>
    <message>
        <source>cannot create the folder of the history file %1</source>
        <translation>cannot create the folder of the history file %1</translation>
    </message>
    <message>
        <source>check the folder&apos;s permissions, or give another file with --history</source>
        <translation>check the folder&apos;s permissions, or give another file with --history</translation>
    </message>
    <message>
        <source>move the file away (the console starts a new history) or give another file with --history</source>
        <translation>move the file away (the console starts a new history) or give another file with --history</translation>
    </message>
    <message>
        <source>cannot open the history file %1: %2</source>
        <translation>cannot open the history file %1: %2</translation>
    </message>
    <message>
        <source>the history file %1 is not a SQLite database Spillway can read: %2</source>
        <translation>the history file %1 is not a SQLite database Spillway can read: %2</translation>
    </message>
    <message>
        <source>the history file %1 was written by a newer Spillway (schema %2; this console reads %3)</source>
        <translation>the history file %1 was written by a newer Spillway (schema %2; this console reads %3)</translation>
    </message>
    <message>
        <source>use that Spillway, or give this one another file with --history</source>
        <translation>use that Spillway, or give this one another file with --history</translation>
    </message>
    <message>
        <source>cannot prepare the history file %1: %2</source>
        <translation>cannot prepare the history file %1: %2</translation>
    </message>
    <message>
        <source>the history file %1: %2: %3</source>
        <translation>the history file %1: %2: %3</translation>
    </message>
    <message>
        <source>check the disk has room and the file is writable; the charts keep this session meanwhile</source>
        <translation>check the disk has room and the file is writable; the charts keep this session meanwhile</translation>
    </message>
    <message>
        <source>begin</source>
        <translation>begin</translation>
    </message>
    <message>
        <source>write</source>
        <translation>write</translation>
    </message>
    <message>
        <source>commit</source>
        <translation>commit</translation>
    </message>
    <message>
        <source>read</source>
        <translation>read</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Workspace not saved: %1</source>
        <translation>Workspace not saved: %1</translation>
    </message>
    <message>
        <source>Spillway&apos;s desktop console.</source>
        <translation>Spillway&apos;s desktop console.</translation>
    </message>
    <message>
        <source>Show this kubeconfig file&apos;s contexts instead of the workspace&apos;s (repeatable); nothing is saved.</source>
        <translation>Show this kubeconfig file&apos;s contexts instead of the workspace&apos;s (repeatable); nothing is saved.</translation>
    </message>
    <message>
        <source>Workspace file (default: in the user&apos;s configuration folder).</source>
        <translation>Workspace file (default: in the user&apos;s configuration folder).</translation>
    </message>
    <message>
        <source>Render the window offscreen to a PNG file once every cluster has answered, and exit.</source>
        <translation>Render the window offscreen to a PNG file once every cluster has answered, and exit.</translation>
    </message>
    <message>
        <source>spillway: cannot write %1</source>
        <translation>spillway: cannot write %1</translation>
    </message>
    <message>
        <source>The namespace the offloading editor opens.</source>
        <translation>The namespace the offloading editor opens.</translation>
    </message>
    <message>
        <source>spillway: no page &quot;%1&quot;; the console has: %2</source>
        <translation>spillway: no page &quot;%1&quot;; the console has: %2</translation>
    </message>
    <message>
        <source>The language for this run: system, %1 (default: the settings&apos; choice).</source>
        <translation>The language for this run: system, %1 (default: the settings&apos; choice).</translation>
    </message>
    <message>
        <source>The page to show, or the wizard to open once the clusters have answered: %1.</source>
        <translation>The page to show, or the wizard to open once the clusters have answered: %1.</translation>
    </message>
    <message>
        <source>The history database the charts and the dashboard keep (default: in the user&apos;s data folder; &quot;none&quot;: this session only).</source>
        <translation>The history database the charts and the dashboard keep (default: in the user&apos;s data folder; &quot;none&quot;: this session only).</translation>
    </message>
    <message>
        <source>History kept for this session only: %1</source>
        <translation>History kept for this session only: %1</translation>
    </message>
    <message>
        <source>The colours for this run: system (follow the desktop), light or dark (default: the settings&apos; choice).</source>
        <translation>The colours for this run: system (follow the desktop), light or dark (default: the settings&apos; choice).</translation>
    </message>
    <message>
        <source>spillway: no theme &quot;%1&quot;; use system, light or dark</source>
        <translation>spillway: no theme &quot;%1&quot;; use system, light or dark</translation>
    </message>
</context>
<context>
    <name>spillway::console::AlertWatch</name>
    <message>
        <source>Authentication</source>
        <translation>Authentication</translation>
    </message>
    <message>
        <source>Networking</source>
        <translation>Networking</translation>
    </message>
    <message>
        <source>Offloading</source>
        <translation>Offloading</translation>
    </message>
    <message>
        <source>Tunnel down: %1 → %2</source>
        <translation>Tunnel down: %1 → %2</translation>
    </message>
    <message>
        <source>The network tunnel from %1 to %2 is down (%3): offloaded pods cannot reach the consumer&apos;s network.</source>
        <translation>The network tunnel from %1 to %2 is down (%3): offloaded pods cannot reach the consumer&apos;s network.</translation>
    </message>
    <message>
        <source>no connection</source>
        <translation>no connection</translation>
    </message>
    <message>
        <source>Tunnel latency jumped: %1 → %2</source>
        <translation>Tunnel latency jumped: %1 → %2</translation>
    </message>
    <message>
        <source>%1 ms, where it is usually %2 ms.</source>
        <translation>%1 ms, where it is usually %2 ms.</translation>
    </message>
    <message>
        <source>Virtual node %1 is NotReady</source>
        <translation>Virtual node %1 is NotReady</translation>
    </message>
    <message>
        <source>In %1, the virtual node borrowing from %2 is not Ready: new pods are not placed there.</source>
        <translation>In %1, the virtual node borrowing from %2 is not Ready: new pods are not placed there.</translation>
    </message>
    <message>
        <source>%1 unhealthy: %2 → %3</source>
        <translation>%1 unhealthy: %2 → %3</translation>
    </message>
    <message>
        <source>The %1 module of the peering %2 → %3 reports %4.</source>
        <translation>The %1 module of the peering %2 → %3 reports %4.</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1: %2 (%3)</translation>
    </message>
    <message>
        <source>Offloading failed: %1 in %2</source>
        <translation>Offloading failed: %1 in %2</translation>
    </message>
    <message>
        <source>The offloading of namespace %1 in %2 reports %3.</source>
        <translation>The offloading of namespace %1 in %2 reports %3.</translation>
    </message>
    <message>
        <source>The offloading of namespace %1 in %2 reports %3. %4.</source>
        <translation>The offloading of namespace %1 in %2 reports %3. %4.</translation>
    </message>
</context>
<context>
    <name>spillway::console::ClusterListModel</name>
    <message>
        <source>Connecting…</source>
        <translation>Connecting…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>Spillway not installed</source>
        <translation>Spillway not installed</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>%1 — fix: %2</source>
        <translation>%1 — fix: %2</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Context</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Kubernetes</source>
        <translation>Kubernetes</translation>
    </message>
    <message>
        <source>Spillway</source>
        <translation>Spillway</translation>
    </message>
    <message>
        <source>Cluster ID</source>
        <translation>Cluster ID</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>Workspace not loaded (%1); it was moved to %2</source>
        <translation>Workspace not loaded (%1); it was moved to %2</translation>
    </message>
    <message>
        <source>TLS not verified: the kubeconfig sets insecure-skip-tls-verify, so anyone on the network path can read and change this traffic, credentials included — fix: set certificate-authority-data (or certificate-authority) for %1</source>
        <translation>TLS not verified: the kubeconfig sets insecure-skip-tls-verify, so anyone on the network path can read and change this traffic, credentials included — fix: set certificate-authority-data (or certificate-authority) for %1</translation>
    </message>
</context>
<context>
    <name>spillway::console::DashboardModel</name>
    <message>
        <source>Consumer</source>
        <translation>Consumer</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>Provider</translation>
    </message>
    <message>
        <source>Authentication</source>
        <translation>Authentication</translation>
    </message>
    <message>
        <source>Networking</source>
        <translation>Networking</translation>
    </message>
    <message>
        <source>Offloading</source>
        <translation>Offloading</translation>
    </message>
    <message>
        <source>Virtual node</source>
        <translation>Virtual node</translation>
    </message>
    <message>
        <source>Tunnel</source>
        <translation>Tunnel</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Running</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>Pending</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Other</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>Object</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>Claim</translation>
    </message>
    <message>
        <source>Lives in</source>
        <translation>Lives in</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>Capacity</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Last drop</source>
        <translation>Last drop</translation>
    </message>
    <message>
        <source>none seen</source>
        <translation>none seen</translation>
    </message>
</context>
<context>
    <name>spillway::console::InstallService</name>
    <message>
        <source>An install or uninstall is still running.</source>
        <translation>An install or uninstall is still running.</translation>
    </message>
    <message>
        <source>Wait for it to finish or cancel it.</source>
        <translation>Wait for it to finish or cancel it.</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>installed</translation>
    </message>
    <message>
        <source>re-applied</source>
        <translation>re-applied</translation>
    </message>
    <message>
        <source>upgraded from %1</source>
        <translation>upgraded from %1</translation>
    </message>
    <message>
        <source>Spillway %1 %2: cluster ID %3 (%4 created, %5 configured, %6 unchanged).</source>
        <translation>Spillway %1 %2: cluster ID %3 (%4 created, %5 configured, %6 unchanged).</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warning: %1</translation>
    </message>
</context>
<context>
    <name>spillway::console::OffloadedPodsTable</name>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation>Runs in</translation>
    </message>
    <message>
        <source>Virtual node</source>
        <translation>Virtual node</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>Restarts</translation>
    </message>
</context>
<context>
    <name>spillway::console::OffloadingService</name>
    <message>
        <source>namespace %1 does not exist yet; applying creates it</source>
        <translation>namespace %1 does not exist yet; applying creates it</translation>
    </message>
</context>
<context>
    <name>spillway::console::OffloadingStatusModel</name>
    <message>
        <source>Peer cluster</source>
        <translation>Peer cluster</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>Selected</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Ready</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>pending (the controller has not answered yet)</source>
        <translation>pending (the controller has not answered yet)</translation>
    </message>
</context>
<context>
    <name>spillway::console::PeeringService</name>
    <message>
        <source>Another peering operation is still running.</source>
        <translation>Another peering operation is still running.</translation>
    </message>
    <message>
        <source>Wait for it to finish or cancel it.</source>
        <translation>Wait for it to finish or cancel it.</translation>
    </message>
</context>
<context>
    <name>spillway::console::PeeringTimelineModel</name>
    <message>
        <source>Network: tunnel between the gateways</source>
        <translation>Network: tunnel between the gateways</translation>
    </message>
    <message>
        <source>Authentication: identities and certificates</source>
        <translation>Authentication: identities and certificates</translation>
    </message>
    <message>
        <source>Resources: the provider grants a ResourceSlice</source>
        <translation>Resources: the provider grants a ResourceSlice</translation>
    </message>
    <message>
        <source>Virtual node Ready in the consumer</source>
        <translation>Virtual node Ready in the consumer</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>Waiting</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>Running…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>Skipped</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>Failed: %1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>Stage</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>Elapsed</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
</context>
<context>
    <name>spillway::console::SelectorRowsModel</name>
    <message>
        <source>alternative %1</source>
        <translation>alternative %1</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>Term</translation>
    </message>
    <message>
        <source>Label key</source>
        <translation>Label key</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>Operator</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>Values</translation>
    </message>
</context>
<context>
    <name>spillway::notify::DesktopNotifier</name>
    <message>
        <source>Spillway</source>
        <translation>Spillway</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <source>the desktop&apos;s notification service refused an alert: %1</source>
        <translation>the desktop&apos;s notification service refused an alert: %1</translation>
    </message>
</context>
<context>
    <name>spillway::views::ChartsView</name>
    <message>
        <source>Virtual nodes: CPU</source>
        <translation>Virtual nodes: CPU</translation>
    </message>
    <message>
        <source>Allocatable</source>
        <translation>Allocatable</translation>
    </message>
    <message>
        <source>Requested</source>
        <translation>Requested</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>cores</translation>
    </message>
    <message>
        <source>ResourceSlices: CPU</source>
        <translation>ResourceSlices: CPU</translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation>Asked for</translation>
    </message>
    <message>
        <source>Granted</source>
        <translation>Granted</translation>
    </message>
    <message>
        <source>CPU (cores)</source>
        <translation>CPU (cores)</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>Used</translation>
    </message>
    <message>
        <source>Used CPU (cores)</source>
        <translation>Used CPU (cores)</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Last hour</translation>
    </message>
    <message>
        <source>Last day</source>
        <translation>Last day</translation>
    </message>
    <message>
        <source>Last week</source>
        <translation>Last week</translation>
    </message>
    <message>
        <source>History span</source>
        <translation>History span</translation>
    </message>
    <message>
        <source>History:</source>
        <translation>History:</translation>
    </message>
    <message>
        <source>The history is kept on this computer for 30 days (by the minute after two hours, by ten minutes after two days).</source>
        <translation>The history is kept on this computer for 30 days (by the minute after two hours, by ten minutes after two days).</translation>
    </message>
    <message>
        <source>The history covers this session only.</source>
        <translation>The history covers this session only.</translation>
    </message>
    <message>
        <source>Requested is what the pods on a virtual node ask for; Used is what metrics.k8s.io measures, drawn when the consumer cluster serves it (metrics-server).</source>
        <translation>Requested is what the pods on a virtual node ask for; Used is what metrics.k8s.io measures, drawn when the consumer cluster serves it (metrics-server).</translation>
    </message>
    <message>
        <source>Requested and used on virtual nodes</source>
        <translation>Requested and used on virtual nodes</translation>
    </message>
    <message>
        <source>Tunnel latency</source>
        <translation>Tunnel latency</translation>
    </message>
</context>
<context>
    <name>spillway::views::ClusterListView</name>
    <message>
        <source>Remove</source>
        <translation>Remove</translation>
    </message>
    <message>
        <source>No clusters yet. Add a kubeconfig to get started.</source>
        <translation>No clusters yet. Add a kubeconfig to get started.</translation>
    </message>
    <message>
        <source>Add kubeconfig…</source>
        <translation>Add kubeconfig…</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>Refresh</translation>
    </message>
    <message>
        <source>Add kubeconfig files</source>
        <translation>Add kubeconfig files</translation>
    </message>
    <message>
        <source>Install…</source>
        <translation>Install…</translation>
    </message>
    <message>
        <source>Uninstall…</source>
        <translation>Uninstall…</translation>
    </message>
    <message>
        <source>Uninstall failed</source>
        <translation>Uninstall failed</translation>
    </message>
    <message numerus="yes">
        <source>Uninstalled: removed %n object(s).</source>
        <translation>
            <numerusform>Uninstalled: removed %n object(s).</numerusform>
            <numerusform>Uninstalled: removed %n object(s).</numerusform>
        </translation>
    </message>
    <message>
        <source>Uninstall Spillway</source>
        <translation>Uninstall Spillway</translation>
    </message>
    <message>
        <source>Remove Spillway from %1? Its CRDs and everything made of them go too. Clusters still peered refuse it: unpeer first.</source>
        <translation>Remove Spillway from %1? Its CRDs and everything made of them go too. Clusters still peered refuse it: unpeer first.</translation>
    </message>
    <message>
        <source>Uninstalling Spillway from %1…</source>
        <translation>Uninstalling Spillway from %1…</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>Clusters</translation>
    </message>
</context>
<context>
    <name>spillway::views::DashboardView</name>
    <message>
        <source>Peerings</source>
        <translation>Peerings</translation>
    </message>
    <message>
        <source>Offloaded pods</source>
        <translation>Offloaded pods</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
    <message>
        <source>Volumes</source>
        <translation>Volumes</translation>
    </message>
</context>
<context>
    <name>spillway::views::InstallWizard</name>
    <message>
        <source>Install Spillway into %1</source>
        <translation>Install Spillway into %1</translation>
    </message>
    <message>
        <source>Cancelled. Retry installs again; what was applied is re-applied.</source>
        <translation>Cancelled. Retry installs again; what was applied is re-applied.</translation>
    </message>
    <message>
        <source>The install failed: %1</source>
        <translation>The install failed: %1</translation>
    </message>
    <message>
        <source>Install options</source>
        <translation>Install options</translation>
    </message>
    <message>
        <source>The same choices as spillctl install. Empty fields take the defaults: a generated cluster ID, the pod CIDRs the cluster reports.</source>
        <translation>The same choices as spillctl install. Empty fields take the defaults: a generated cluster ID, the pod CIDRs the cluster reports.</translation>
    </message>
    <message>
        <source>generated, e.g. brave-otter-4f2c</source>
        <translation>generated, e.g. brave-otter-4f2c</translation>
    </message>
    <message>
        <source>e.g. topology.kubernetes.io/region=eu-west</source>
        <translation>e.g. topology.kubernetes.io/region=eu-west</translation>
    </message>
    <message>
        <source>discovered, e.g. 10.244.0.0/16</source>
        <translation>discovered, e.g. 10.244.0.0/16</translation>
    </message>
    <message>
        <source>discovered, e.g. 10.96.0.0/12</source>
        <translation>discovered, e.g. 10.96.0.0/12</translation>
    </message>
    <message>
        <source>Local: supervised processes on this machine</source>
        <translation>Local: supervised processes on this machine</translation>
    </message>
    <message>
        <source>Kubernetes: Deployments in the cluster</source>
        <translation>Kubernetes: Deployments in the cluster</translation>
    </message>
    <message>
        <source>Advanced: one key=value per line, as --set takes them</source>
        <translation>Advanced: one key=value per line, as --set takes them</translation>
    </message>
    <message>
        <source>default: ~/.local/state/spillway/&lt;cluster ID&gt;</source>
        <translation>default: ~/.local/state/spillway/&lt;cluster ID&gt;</translation>
    </message>
    <message>
        <source>default: the console&apos;s own folder</source>
        <translation>default: the console&apos;s own folder</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Distribution:</source>
        <translation>Distribution:</translation>
    </message>
    <message>
        <source>Cluster ID:</source>
        <translation>Cluster ID:</translation>
    </message>
    <message>
        <source>Cluster labels:</source>
        <translation>Cluster labels:</translation>
    </message>
    <message>
        <source>Pod CIDRs:</source>
        <translation>Pod CIDRs:</translation>
    </message>
    <message>
        <source>Service CIDR:</source>
        <translation>Service CIDR:</translation>
    </message>
    <message>
        <source>Runtime:</source>
        <translation>Runtime:</translation>
    </message>
    <message>
        <source>Values (--set):</source>
        <translation>Values (--set):</translation>
    </message>
    <message>
        <source>State folder:</source>
        <translation>State folder:</translation>
    </message>
    <message>
        <source>Binaries folder:</source>
        <translation>Binaries folder:</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>Timeout:</translation>
    </message>
    <message>
        <source>Installing</source>
        <translation>Installing</translation>
    </message>
    <message>
        <source>Each step as it runs. Cancel stops between steps; installing again is safe.</source>
        <translation>Each step as it runs. Cancel stops between steps; installing again is safe.</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <source>Installing Spillway into %1…</source>
        <translation>Installing Spillway into %1…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
    <message>
        <source>Automatic: in the cluster when a node can run pods, else on this machine</source>
        <translation>Automatic: in the cluster when a node can run pods, else on this machine</translation>
    </message>
    <message>
        <source>Install steps</source>
        <translation>Install steps</translation>
    </message>
</context>
<context>
    <name>spillway::views::MainWindow</name>
    <message>
        <source>Spillway</source>
        <translation>Spillway</translation>
    </message>
    <message>
        <source>Spillway %1</source>
        <translation>Spillway %1</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>Clusters</translation>
    </message>
    <message>
        <source>Offloading</source>
        <translation>Offloading</translation>
    </message>
    <message>
        <source>Peers</source>
        <translation>Peers</translation>
    </message>
    <message>
        <source>&amp;Peering</source>
        <translation>&amp;Peering</translation>
    </message>
    <message>
        <source>&amp;Peer clusters…</source>
        <translation>&amp;Peer clusters…</translation>
    </message>
    <message>
        <source>Unpeer</source>
        <translation>Unpeer</translation>
    </message>
    <message>
        <source>Unpeering needs both clusters&apos; kubeconfigs in the workspace; add the missing one on the Clusters page (or run spillctl unpeer out-of-band on the consumer).</source>
        <translation>Unpeering needs both clusters&apos; kubeconfigs in the workspace; add the missing one on the Clusters page (or run spillctl unpeer out-of-band on the consumer).</translation>
    </message>
    <message>
        <source>Unpeer failed</source>
        <translation>Unpeer failed</translation>
    </message>
    <message numerus="yes">
        <source>Unpeered: removed %n object(s).</source>
        <translation>
            <numerusform>Unpeered: removed %n object(s).</numerusform>
            <numerusform>Unpeered: removed %n object(s).</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop %1 consuming from %2? Its virtual node goes, and pods offloaded there are evicted.</source>
        <translation>Stop %1 consuming from %2? Its virtual node goes, and pods offloaded there are evicted.</translation>
    </message>
    <message>
        <source>Unpeering %1 from %2…</source>
        <translation>Unpeering %1 from %2…</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Settings</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>System default</translation>
    </message>
    <message>
        <source>The console shows the new language when it starts again.</source>
        <translation>The console shows the new language when it starts again.</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Charts</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>Dashboard</translation>
    </message>
    <message>
        <source>Invitation</source>
        <translation>Invitation</translation>
    </message>
    <message>
        <source>Invitation ready: it works once, for an hour.</source>
        <translation>Invitation ready: it works once, for an hour.</translation>
    </message>
    <message>
        <source>Run this on the consumer, or paste it into the consumer&apos;s peering wizard. The token works once, for an hour:</source>
        <translation>Run this on the consumer, or paste it into the consumer&apos;s peering wizard. The token works once, for an hour:</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Asking %1 for an invitation…</source>
        <translation>Asking %1 for an invitation…</translation>
    </message>
    <message>
        <source>The peering wizard needs two clusters, a consumer and a provider; pass --kubeconfig for each.</source>
        <translation>The peering wizard needs two clusters, a consumer and a provider; pass --kubeconfig for each.</translation>
    </message>
    <message>
        <source>There is no cluster to open the install wizard for; pass --kubeconfig.</source>
        <translation>There is no cluster to open the install wizard for; pass --kubeconfig.</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pods</translation>
    </message>
    <message>
        <source>Show Spillway</source>
        <translation>Show Spillway</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Quit</translation>
    </message>
    <message>
        <source>&amp;Alerts</source>
        <translation>&amp;Alerts</translation>
    </message>
    <message>
        <source>Desktop notifications</source>
        <translation>Desktop notifications</translation>
    </message>
    <message>
        <source>Alerts about</source>
        <translation>Alerts about</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>&amp;Theme</translation>
    </message>
    <message>
        <source>Follow the desktop</source>
        <translation>Follow the desktop</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Light</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dark</translation>
    </message>
</context>
<context>
    <name>spillway::views::NextStepBar</name>
    <message>
        <source>Next step</source>
        <translation>Next step</translation>
    </message>
</context>
<context>
    <name>spillway::views::OffloadingEditor</name>
    <message>
        <source>Fill local nodes first (LocalAndRemote)</source>
        <translation>Fill local nodes first (LocalAndRemote)</translation>
    </message>
    <message>
        <source>Check on the server</source>
        <translation>Check on the server</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Apply</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>Remove row</translation>
    </message>
    <message>
        <source>Cluster:</source>
        <translation>Cluster:</translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation>Namespace:</translation>
    </message>
    <message>
        <source>choose or type a new one</source>
        <translation>choose or type a new one</translation>
    </message>
    <message>
        <source>How remote namespaces are named: &lt;namespace&gt;-&lt;cluster ID&gt; (DefaultName), the same name (EnforceSameName) or one you choose (SelectedName).</source>
        <translation>How remote namespaces are named: &lt;namespace&gt;-&lt;cluster ID&gt; (DefaultName), the same name (EnforceSameName) or one you choose (SelectedName).</translation>
    </message>
    <message>
        <source>Where the namespace&apos;s pods may run: local nodes and peers, peers only, or local nodes only.</source>
        <translation>Where the namespace&apos;s pods may run: local nodes and peers, peers only, or local nodes only.</translation>
    </message>
    <message>
        <source>the remote namespace&apos;s name (SelectedName)</source>
        <translation>the remote namespace&apos;s name (SelectedName)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Kubernetes&apos; default (300 s)</source>
        <translation>Kubernetes&apos; default (300 s)</translation>
    </message>
    <message>
        <source>How long pods stay on a lost provider&apos;s virtual node before they are recreated elsewhere.</source>
        <translation>How long pods stay on a lost provider&apos;s virtual node before they are recreated elsewhere.</translation>
    </message>
    <message>
        <source>Namespace mapping:</source>
        <translation>Namespace mapping:</translation>
    </message>
    <message>
        <source>Remote name:</source>
        <translation>Remote name:</translation>
    </message>
    <message>
        <source>Pod offloading:</source>
        <translation>Pod offloading:</translation>
    </message>
    <message>
        <source>Failover after:</source>
        <translation>Failover after:</translation>
    </message>
    <message>
        <source>Peers (clusterSelector on the virtual nodes&apos; labels)</source>
        <translation>Peers (clusterSelector on the virtual nodes&apos; labels)</translation>
    </message>
    <message>
        <source>Add requirement</source>
        <translation>Add requirement</translation>
    </message>
    <message>
        <source>Add alternative</source>
        <translation>Add alternative</translation>
    </message>
    <message>
        <source>%1 (Spillway not installed)</source>
        <translation>%1 (Spillway not installed)</translation>
    </message>
    <message>
        <source>Loaded the NamespaceOffloading of %1.</source>
        <translation>Loaded the NamespaceOffloading of %1.</translation>
    </message>
    <message>
        <source>✓ The server accepts this NamespaceOffloading (dry run: nothing was changed).</source>
        <translation>✓ The server accepts this NamespaceOffloading (dry run: nothing was changed).</translation>
    </message>
    <message>
        <source>✓ Checked: %1.</source>
        <translation>✓ Checked: %1.</translation>
    </message>
    <message>
        <source>✓ Applied; waiting for the controller.</source>
        <translation>✓ Applied; waiting for the controller.</translation>
    </message>
    <message>
        <source>%1 is a new namespace; applying creates it.</source>
        <translation>%1 is a new namespace; applying creates it.</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n pod(s) already run in %1 and stay where they are; recreate them (e.g. kubectl rollout restart) to let them use the peers.</source>
        <translation>
            <numerusform>⚠ %n pod already runs in %1 and stays where it is; recreate it (e.g. kubectl rollout restart) to let it use the peers.</numerusform>
            <numerusform>⚠ %n pods already run in %1 and stay where they are; recreate them (e.g. kubectl rollout restart) to let them use the peers.</numerusform>
        </translation>
    </message>
    <message>
        <source>This cluster has no peers yet: the selector is saved and applies when one appears.</source>
        <translation>This cluster has no peers yet: the selector is saved and applies when one appears.</translation>
    </message>
    <message>
        <source>Matches no peer (of %1): pods stay local.</source>
        <translation>Matches no peer (of %1): pods stay local.</translation>
    </message>
    <message>
        <source>Matches %1 of %2 peers: %3</source>
        <translation>Matches %1 of %2 peers: %3</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <translation>Phase: %1</translation>
    </message>
    <message>
        <source>Phase: %1 — remote namespace %2</source>
        <translation>Phase: %1 — remote namespace %2</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Working…</translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation>✗ %1</translation>
    </message>
    <message>
        <source>✗ %1 — fix: %2</source>
        <translation>✗ %1 — fix: %2</translation>
    </message>
    <message>
        <source>NamespaceOffloading YAML</source>
        <translation>NamespaceOffloading YAML</translation>
    </message>
    <message>
        <source>Offloading status per peer</source>
        <translation>Offloading status per peer</translation>
    </message>
    <message>
        <source>Peers: clusterSelector terms</source>
        <translation>Peers: clusterSelector terms</translation>
    </message>
</context>
<context>
    <name>spillway::views::PeerGraphView</name>
    <message>
        <source>No peerings to draw yet: clusters with Spillway installed appear here with the peerings they report.</source>
        <translation>No peerings to draw yet: clusters with Spillway installed appear here with the peerings they report.</translation>
    </message>
    <message>
        <source>%1 (not in the workspace)</source>
        <translation>%1 (not in the workspace)</translation>
    </message>
    <message>
        <source>Unpeer %1 → %2…</source>
        <translation>Unpeer %1 → %2…</translation>
    </message>
    <message>
        <source>Consume from</source>
        <translation>Consume from</translation>
    </message>
    <message>
        <source>Paste invitation…</source>
        <translation>Paste invitation…</translation>
    </message>
    <message>
        <source>Generate invitation…</source>
        <translation>Generate invitation…</translation>
    </message>
    <message>
        <source>Could not write %1: %2. Choose a folder you can write to.</source>
        <translation>Could not write %1: %2. Choose a folder you can write to.</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Federation map</source>
        <translation>Federation map</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Fit</translation>
    </message>
    <message>
        <source>Show every cluster</source>
        <translation>Show every cluster</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Zoom in</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Zoom out</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Export…</translation>
    </message>
    <message>
        <source>Export the map as a PNG or SVG image</source>
        <translation>Export the map as a PNG or SVG image</translation>
    </message>
    <message>
        <source>Click a cluster or a peering for its details. Wheel or + and -: zoom; drag: pan; arrows: the next cluster; 0: fit.</source>
        <translation>Click a cluster or a peering for its details. Wheel or + and -: zoom; drag: pan; arrows: the next cluster; 0: fit.</translation>
    </message>
    <message>
        <source>Nothing to export: the map has no clusters yet.</source>
        <translation>Nothing to export: the map has no clusters yet.</translation>
    </message>
    <message>
        <source>Could not write %1: the folder %2 does not exist. Choose an existing folder.</source>
        <translation>Could not write %1: the folder %2 does not exist. Choose an existing folder.</translation>
    </message>
    <message>
        <source>Spillway federation map</source>
        <translation>Spillway federation map</translation>
    </message>
    <message>
        <source>Could not make the PNG image: %1.</source>
        <translation>Could not make the PNG image: %1.</translation>
    </message>
    <message>
        <source>Export the map</source>
        <translation>Export the map</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG image (*.png);;SVG image (*.svg)</translation>
    </message>
    <message>
        <source>cannot watch: %1</source>
        <translation>cannot watch: %1</translation>
    </message>
    <message>
        <source>Spillway %1 · %2</source>
        <translation>Spillway %1 · %2</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>spillway::views::PeeringWizard</name>
    <message>
        <source>Peer clusters</source>
        <translation>Peer clusters</translation>
    </message>
    <message>
        <source>Cancelled during &quot;%1&quot;. What was done stays; Retry resumes.</source>
        <translation>Cancelled during &quot;%1&quot;. What was done stays; Retry resumes.</translation>
    </message>
    <message>
        <source>Failed during &quot;%1&quot;: %2</source>
        <translation>Failed during &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>Peered: %1 now consumes from %2.</source>
        <translation>Peered: %1 now consumes from %2.</translation>
    </message>
    <message>
        <source>Peered: %1 now consumes from %2 through virtual node %3.</source>
        <translation>Peered: %1 now consumes from %2 through virtual node %3.</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>Clusters</translation>
    </message>
    <message>
        <source>The consumer borrows capacity; the provider lends it and appears in the consumer as a virtual node.</source>
        <translation>The consumer borrows capacity; the provider lends it and appears in the consumer as a virtual node.</translation>
    </message>
    <message>
        <source>Consumer:</source>
        <translation>Consumer:</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>Provider:</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <source>Bidirectional: each cluster also consumes from the other</source>
        <translation>Bidirectional: each cluster also consumes from the other</translation>
    </message>
    <message>
        <source>Network fabric (WireGuard tunnel between the gateways)</source>
        <translation>Network fabric (WireGuard tunnel between the gateways)</translation>
    </message>
    <message>
        <source>Create the virtual node and wait until it is Ready</source>
        <translation>Create the virtual node and wait until it is Ready</translation>
    </message>
    <message>
        <source>e.g. 4 or 500m</source>
        <translation>e.g. 4 or 500m</translation>
    </message>
    <message>
        <source>e.g. 8Gi</source>
        <translation>e.g. 8Gi</translation>
    </message>
    <message>
        <source>e.g. 110</source>
        <translation>e.g. 110</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>CPU:</source>
        <translation>CPU:</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>Memory:</translation>
    </message>
    <message>
        <source>Pods:</source>
        <translation>Pods:</translation>
    </message>
    <message>
        <source>ResourceSlice class:</source>
        <translation>ResourceSlice class:</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>Timeout:</translation>
    </message>
    <message>
        <source>Peering</source>
        <translation>Peering</translation>
    </message>
    <message>
        <source>Each stage as it happens. Cancel stops at the next step; what was done stays, and Retry resumes.</source>
        <translation>Each stage as it happens. Cancel stops at the next step; what was done stays, and Retry resumes.</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <source>Peering %1 with %2…</source>
        <translation>Peering %1 with %2…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
    <message>
        <source>spillctl peer out-of-band NAME --auth-url … --cluster-id … --auth-token … --auth-fingerprint …</source>
        <translation>spillctl peer out-of-band NAME --auth-url … --cluster-id … --auth-token … --auth-fingerprint …</translation>
    </message>
    <message>
        <source>Or, with only the consumer&apos;s kubeconfig, paste the provider&apos;s invitation (Generate invitation on the provider):</source>
        <translation>Or, with only the consumer&apos;s kubeconfig, paste the provider&apos;s invitation (Generate invitation on the provider):</translation>
    </message>
    <message>
        <source>Invitation:</source>
        <translation>Invitation:</translation>
    </message>
    <message>
        <source>the invitation&apos;s provider</source>
        <translation>the invitation&apos;s provider</translation>
    </message>
    <message>
        <source>%1 consumes from %2. The same choices as spillctl peer; empty amounts take what the provider&apos;s policy grants.</source>
        <translation>%1 consumes from %2. The same choices as spillctl peer; empty amounts take what the provider&apos;s policy grants.</translation>
    </message>
    <message>
        <source>Peering stages</source>
        <translation>Peering stages</translation>
    </message>
    <message>
        <source>Peering log</source>
        <translation>Peering log</translation>
    </message>
</context>
<context>
    <name>spillway::views::PodExecView</name>
    <message>
        <source>Connect</source>
        <translation>Connect</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>Disconnect</translation>
    </message>
    <message>
        <source>The command to run in the container, split as a shell would split it</source>
        <translation>The command to run in the container, split as a shell would split it</translation>
    </message>
    <message>
        <source>Container:</source>
        <translation>Container:</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>Command:</translation>
    </message>
    <message>
        <source>Choose a pod to open a terminal in it.</source>
        <translation>Choose a pod to open a terminal in it.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1/%2&lt;/b&gt; in %3, running in %4</source>
        <translation>&lt;b&gt;%1/%2&lt;/b&gt; in %3, running in %4</translation>
    </message>
    <message>
        <source>an unknown provider</source>
        <translation>an unknown provider</translation>
    </message>
    <message>
        <source>Press Connect to run the command in the pod.</source>
        <translation>Press Connect to run the command in the pod.</translation>
    </message>
    <message>
        <source>Type the command to run, for example /bin/sh.</source>
        <translation>Type the command to run, for example /bin/sh.</translation>
    </message>
    <message>
        <source>Connected: %1 in %2/%3.</source>
        <translation>Connected: %1 in %2/%3.</translation>
    </message>
    <message>
        <source>The command exited with code %1. Press Connect to run it again.</source>
        <translation>The command exited with code %1. Press Connect to run it again.</translation>
    </message>
    <message>
        <source>The terminal closed: %1</source>
        <translation>The terminal closed: %1</translation>
    </message>
    <message>
        <source>Connecting to %1/%2…</source>
        <translation>Connecting to %1/%2…</translation>
    </message>
    <message>
        <source>Disconnected. Press Connect to run the command again.</source>
        <translation>Disconnected. Press Connect to run the command again.</translation>
    </message>
</context>
<context>
    <name>spillway::views::PodLogView</name>
    <message>
        <source>Follow</source>
        <translation>Follow</translation>
    </message>
    <message>
        <source>Search the log</source>
        <translation>Search the log</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>Previous</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>Next</translation>
    </message>
    <message>
        <source>Container:</source>
        <translation>Container:</translation>
    </message>
    <message>
        <source>“%1” is not in the log shown.</source>
        <translation>“%1” is not in the log shown.</translation>
    </message>
    <message>
        <source>Choose a pod to read its log.</source>
        <translation>Choose a pod to read its log.</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1/%2&lt;/b&gt; in %3, running in %4 (virtual node %5)</source>
        <translation>&lt;b&gt;%1/%2&lt;/b&gt; in %3, running in %4 (virtual node %5)</translation>
    </message>
    <message>
        <source>an unknown provider</source>
        <translation>an unknown provider</translation>
    </message>
    <message>
        <source>The log ended: the container stopped.</source>
        <translation>The log ended: the container stopped.</translation>
    </message>
    <message>
        <source>End of the log. Tick Follow to keep reading new lines.</source>
        <translation>End of the log. Tick Follow to keep reading new lines.</translation>
    </message>
    <message>
        <source>The log cannot be read: %1</source>
        <translation>The log cannot be read: %1</translation>
    </message>
    <message>
        <source>Following the log…</source>
        <translation>Following the log…</translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation>Reading the log…</translation>
    </message>
    <message>
        <source>Find in the log</source>
        <translation>Find in the log</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
</context>
<context>
    <name>spillway::views::PodsView</name>
    <message>
        <source>No pod runs on a virtual node yet. Offload a namespace (Offloading tab) and create pods in it.</source>
        <translation>No pod runs on a virtual node yet. Offload a namespace (Offloading tab) and create pods in it.</translation>
    </message>
    <message>
        <source>Offloaded pods</source>
        <translation>Offloaded pods</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>Log</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>Terminal</translation>
    </message>
    <message>
        <source>All clusters</source>
        <translation>All clusters</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>Cluster</translation>
    </message>
    <message>
        <source>All namespaces</source>
        <translation>All namespaces</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>Namespace</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>All providers</translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation>Runs in</translation>
    </message>
    <message>
        <source>All phases</source>
        <translation>All phases</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>Phase</translation>
    </message>
    <message>
        <source>Pod name contains…</source>
        <translation>Pod name contains…</translation>
    </message>
    <message>
        <source>Pod name</source>
        <translation>Pod name</translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s)</source>
        <translation>
            <numerusform>%n pod</numerusform>
            <numerusform>%n pods</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n pod(s)</source>
        <translation>
            <numerusform>%1 of %n pod</numerusform>
            <numerusform>%1 of %n pods</numerusform>
        </translation>
    </message>
    <message>
        <source>Pod events</source>
        <translation>Pod events</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>Events</translation>
    </message>
</context>
<context>
    <name>spillway::views::TerminalView</name>
    <message>
        <source>Copy</source>
        <translation>Copy</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>Paste</translation>
    </message>
</context>
</TS>
