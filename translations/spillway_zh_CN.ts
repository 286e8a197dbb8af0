<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AgentsHealth</name>
    <message>
        <source>%1 %2/%3 Ready</source>
        <translation>%1 %2/%3 就绪</translation>
    </message>
    <message>
        <source>agents %1/%1 Ready</source>
        <translation>代理 %1/%1 就绪</translation>
    </message>
</context>
<context>
    <name>Dashboard</name>
    <message>
        <source>Disabled</source>
        <translation>已禁用</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>not Ready</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>%1, %2 ms</source>
        <translation>%1，%2 毫秒</translation>
    </message>
    <message>
        <source>this cluster</source>
        <translation>本集群</translation>
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
        <translation>内存 %1/%2 GiB</translation>
    </message>
    <message>
        <source>Pods %1/%2</source>
        <translation>Pod %1/%2</translation>
    </message>
</context>
<context>
    <name>HumanTime</name>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message numerus="yes">
        <source>%n s ago</source>
        <translation>
            <numerusform>%n 秒前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n min ago</source>
        <translation>
            <numerusform>%n 分钟前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n h ago</source>
        <translation>
            <numerusform>%n 小时前</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n days ago</source>
        <translation>
            <numerusform>%n 天前</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>InstallRequest</name>
    <message>
        <source>Choose the cluster to install into.</source>
        <translation>请选择要安装到的集群。</translation>
    </message>
    <message>
        <source>Timeout: give a number of seconds above zero.</source>
        <translation>超时：请输入大于零的秒数。</translation>
    </message>
    <message>
        <source>Runtime must be auto, local or kubernetes (got &quot;%1&quot;).</source>
        <translation>运行时必须是 auto、local 或 kubernetes（当前为“%1”）。</translation>
    </message>
</context>
<context>
    <name>MapDetails</name>
    <message>
        <source>CPU %1/%2 · %3/%4 GiB · pods %5/%6</source>
        <translation>CPU %1/%2 · %3/%4 GiB · Pod %5/%6</translation>
    </message>
    <message>
        <source>CPU %1 · %2 GiB · pods %3</source>
        <translation>CPU %1 · %2 GiB · Pod %3</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1 → %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1 → %2&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Tunnel: %1 (%2)</source>
        <translation>隧道：%1（%2）</translation>
    </message>
    <message>
        <source>Latency: %1 ms</source>
        <translation>延迟：%1 ms</translation>
    </message>
    <message>
        <source>Virtual node: %1 (%2)</source>
        <translation>虚拟节点：%1（%2）</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>not Ready</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>Seen from the provider only: add the consumer&apos;s kubeconfig for its virtual node.</source>
        <translation>仅从提供方看到：添加使用方的 kubeconfig 以查看其虚拟节点。</translation>
    </message>
    <message>
        <source>Modules</source>
        <translation>模块</translation>
    </message>
    <message>
        <source>%1: disabled</source>
        <translation>%1：已禁用</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>no condition reported</source>
        <translation>未报告任何条件</translation>
    </message>
    <message>
        <source>ResourceSlices</source>
        <translation>ResourceSlice</translation>
    </message>
    <message>
        <source>%1/%2 in %3 (class %4)</source>
        <translation>%3 中的 %1/%2（类别 %4）</translation>
    </message>
    <message>
        <source>asked: %1</source>
        <translation>请求：%1</translation>
    </message>
    <message>
        <source>granted: %1</source>
        <translation>已授予：%1</translation>
    </message>
    <message>
        <source>granted: not yet answered by the provider</source>
        <translation>已授予：提供方尚未答复</translation>
    </message>
    <message>
        <source>Gateways</source>
        <translation>网关</translation>
    </message>
    <message>
        <source>%1: %2 %3/%4 — %5</source>
        <translation>%1：%2 %3/%4 — %5</translation>
    </message>
    <message>
        <source>Connection</source>
        <translation>Connection</translation>
    </message>
    <message>
        <source>no status yet</source>
        <translation>尚无状态</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>none seen</source>
        <translation>未见过</translation>
    </message>
    <message>
        <source>• %1 · %2 · %3 %4: %5</source>
        <translation>• %1 · %2 · %3 %4：%5</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Cluster ID: %1</source>
        <translation>集群 ID：%1</translation>
    </message>
    <message>
        <source>Consumes from: %1</source>
        <translation>使用来自：%1</translation>
    </message>
    <message>
        <source>Provides to: %1</source>
        <translation>提供给：%1</translation>
    </message>
    <message>
        <source>Not in the workspace: only its peers report it.</source>
        <translation>不在工作区中：仅由其对等集群报告。</translation>
    </message>
    <message>
        <source>Watch error: %1</source>
        <translation>监视错误：%1</translation>
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
        <translation>内存</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source> (measured %1)</source>
        <translation>（实测 %1）</translation>
    </message>
    <message>
        <source>up</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>degraded</source>
        <translation>降级</translation>
    </message>
    <message>
        <source>down</source>
        <translation>中断</translation>
    </message>
    <message>
        <source>no network</source>
        <translation>无网络</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Authentication</source>
        <translation>认证</translation>
    </message>
    <message>
        <source>Networking</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Offloading</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Lends</source>
        <translation>出借</translation>
    </message>
    <message>
        <source>Borrows</source>
        <translation>借用</translation>
    </message>
    <message>
        <source>%1 → %2: %3</source>
        <translation>%1 → %2：%3</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Agent %1</source>
        <translation>代理 %1</translation>
    </message>
</context>
<context>
    <name>NamespaceOffloadingDraft</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>a NamespaceOffloading is written as in Liqo&apos;s documentation (kubectl explain namespaceoffloading.spec)</source>
        <translation>请按 Liqo 文档编写 NamespaceOffloading（kubectl explain namespaceoffloading.spec）</translation>
    </message>
    <message>
        <source>%1 needs at least one value</source>
        <translation>%1 至少需要一个值</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a label value (up to 63 letters, digits, &apos;-&apos;, &apos;_&apos; or &apos;.&apos;)</source>
        <translation>“%1”不是有效的标签值（最多 63 个字母、数字、“-”、“_”或“.”）</translation>
    </message>
    <message>
        <source>%1 takes no values</source>
        <translation>%1 不接受任何值</translation>
    </message>
    <message>
        <source>%1 takes exactly one integer</source>
        <translation>%1 只接受一个整数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an operator (%2)</source>
        <translation>“%1”不是运算符（%2）</translation>
    </message>
    <message>
        <source>must be a map with nodeSelectorTerms</source>
        <translation>必须是包含 nodeSelectorTerms 的映射</translation>
    </message>
    <message>
        <source>must be a list</source>
        <translation>必须是列表</translation>
    </message>
    <message>
        <source>must be a map</source>
        <translation>必须是映射</translation>
    </message>
    <message>
        <source>peers are chosen by their virtual nodes&apos; labels; use matchExpressions</source>
        <translation>对等集群按其虚拟节点的标签选择；请使用 matchExpressions</translation>
    </message>
    <message>
        <source>needs a key and an operator</source>
        <translation>需要键和运算符</translation>
    </message>
    <message>
        <source>values are strings (quote numbers)</source>
        <translation>值必须是字符串（数字请加引号）</translation>
    </message>
    <message>
        <source>the document</source>
        <translation>该文档</translation>
    </message>
    <message>
        <source>must be a map (apiVersion, kind, metadata, spec)</source>
        <translation>必须是映射（apiVersion、kind、metadata、spec）</translation>
    </message>
    <message>
        <source>this editor writes offloading.liqo.io/v1beta1 NamespaceOffloading, not %1 %2</source>
        <translation>此编辑器编写 offloading.liqo.io/v1beta1 NamespaceOffloading，而不是 %1 %2</translation>
    </message>
    <message>
        <source>must be &quot;offloading&quot; (Liqo allows one per namespace, with that name)</source>
        <translation>必须是“offloading”（Liqo 每个命名空间只允许一个，且必须用此名称）</translation>
    </message>
    <message>
        <source>must be &quot;true&quot; or &quot;false&quot;</source>
        <translation>必须是“true”或“false”</translation>
    </message>
    <message>
        <source>must be a number of seconds, quoted</source>
        <translation>必须是加引号的秒数</translation>
    </message>
    <message>
        <source>is not a field of NamespaceOffloading</source>
        <translation>不是 NamespaceOffloading 的字段</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>必须是字符串</translation>
    </message>
    <message>
        <source>the YAML</source>
        <translation>该 YAML</translation>
    </message>
    <message>
        <source>choose the namespace to offload</source>
        <translation>请选择要卸载的命名空间</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a namespace name (lowercase letters, digits and &apos;-&apos;, up to 63)</source>
        <translation>“%1”不是有效的命名空间名称（小写字母、数字和“-”，最多 63 个字符）</translation>
    </message>
    <message>
        <source>must be one of %1</source>
        <translation>必须是以下之一：%1</translation>
    </message>
    <message>
        <source>SelectedName needs the remote namespace&apos;s name</source>
        <translation>SelectedName 需要远程命名空间的名称</translation>
    </message>
    <message>
        <source>only SelectedName uses a remote name; clear it or choose SelectedName</source>
        <translation>只有 SelectedName 使用远程名称；请清空它或选择 SelectedName</translation>
    </message>
    <message>
        <source>row %1 has no label key</source>
        <translation>第 %1 行没有标签键</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a label key</source>
        <translation>“%1”不是有效的标签键</translation>
    </message>
    <message>
        <source>row %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>is -1 (Kubernetes&apos; 300 s) or a number of seconds</source>
        <translation>应为 -1（Kubernetes 默认的 300 秒）或秒数</translation>
    </message>
</context>
<context>
    <name>NextStep</name>
    <message>
        <source>Start by adding a kubeconfig: the console lists its contexts and asks each cluster whether Spillway runs there.</source>
        <translation>从添加 kubeconfig 开始：控制台会列出其中的上下文，并询问每个集群是否运行着 Spillway。</translation>
    </message>
    <message>
        <source>Add kubeconfig…</source>
        <translation>添加 kubeconfig…</translation>
    </message>
    <message>
        <source>Spillway is not installed in %1 yet. Install it in two clusters to peer them.</source>
        <translation>%1 中尚未安装 Spillway。在两个集群中安装它，即可让它们对等连接。</translation>
    </message>
    <message>
        <source>One cluster has Spillway. Install it in %1 too, then peer the two.</source>
        <translation>已有一个集群安装了 Spillway。也在 %1 中安装它，然后将两者对等连接。</translation>
    </message>
    <message>
        <source>Install in %1…</source>
        <translation>安装到 %1…</translation>
    </message>
    <message numerus="yes">
        <source>%n cluster(s) have Spillway and none is peered yet: peer two, and the consumer borrows the provider&apos;s capacity.</source>
        <translation>
            <numerusform>%n 个集群已安装 Spillway，但尚未对等连接：将其中两个对等连接，使用方即可借用提供方的容量。</numerusform>
        </translation>
    </message>
    <message>
        <source>Peer clusters…</source>
        <translation>对等连接集群…</translation>
    </message>
    <message>
        <source>No cluster answers yet: each row says what is wrong and how to fix it.</source>
        <translation>尚无集群应答：每一行都说明了问题所在以及如何修复。</translation>
    </message>
    <message>
        <source>Only one cluster has Spillway: add the kubeconfig of another to peer with.</source>
        <translation>只有一个集群安装了 Spillway：请添加另一个集群的 kubeconfig 以进行对等连接。</translation>
    </message>
</context>
<context>
    <name>OffloadedPods</name>
    <message>
        <source>Terminating</source>
        <translation>正在终止</translation>
    </message>
</context>
<context>
    <name>PeeringRequest</name>
    <message>
        <source>Choose the consumer cluster.</source>
        <translation>请选择消费者集群。</translation>
    </message>
    <message>
        <source>The consumer and the provider must be different clusters.</source>
        <translation>消费者和提供者必须是不同的集群。</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>%1: &quot;%2&quot; is not a quantity (e.g. 4, 500m, 8Gi).</source>
        <translation>%1：“%2”不是有效的数量（例如 4、500m、8Gi）。</translation>
    </message>
    <message>
        <source>Pods: give a whole number above zero.</source>
        <translation>Pod：请输入大于零的整数。</translation>
    </message>
    <message>
        <source>ResourceSlice class: give a class (the provider&apos;s policy for it decides; &quot;default&quot; if unsure).</source>
        <translation>ResourceSlice 类别：请填写类别（由提供者对该类别的策略决定；不确定时填“default”）。</translation>
    </message>
    <message>
        <source>Timeout: give a number of seconds above zero.</source>
        <translation>超时：请输入大于零的秒数。</translation>
    </message>
    <message>
        <source>Invitation: %1</source>
        <translation>邀请：%1</translation>
    </message>
    <message>
        <source>Choose the provider cluster, or paste its invitation.</source>
        <translation>请选择提供者集群，或粘贴其邀请。</translation>
    </message>
</context>
<context>
    <name>PodEvents</name>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Recorded in</source>
        <translation>记录于</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>次数</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>%1 (the twin)</source>
        <translation>%1（孪生 Pod）</translation>
    </message>
</context>
<context>
    <name>RuntimeChoice</name>
    <message>
        <source>a virtual node (its pods run in a peer cluster)</source>
        <translation>虚拟节点（其 Pod 运行在对等集群中）</translation>
    </message>
    <message>
        <source>simulated by KWOK (it runs no containers)</source>
        <translation>由 KWOK 模拟（不运行容器）</translation>
    </message>
    <message>
        <source>cordoned (spec.unschedulable)</source>
        <translation>已被封锁（spec.unschedulable）</translation>
    </message>
    <message>
        <source>tainted %1:%2</source>
        <translation>带有污点 %1:%2</translation>
    </message>
    <message>
        <source>not Ready</source>
        <translation>未就绪</translation>
    </message>
    <message>
        <source>local runtime, as asked: the agents run as processes on this machine</source>
        <translation>按要求使用 local 运行时：各代理作为本机进程运行</translation>
    </message>
    <message>
        <source>kubernetes runtime, as asked: these nodes can run the agents&apos; pods: %1</source>
        <translation>按要求使用 kubernetes 运行时：以下节点可以运行代理的 Pod：%1</translation>
    </message>
    <message>
        <source>kubernetes runtime, because these nodes can run the agents&apos; pods: %1 (--runtime local runs the agents on this machine instead)</source>
        <translation>使用 kubernetes 运行时，因为以下节点可以运行代理的 Pod：%1（--runtime local 则改为在本机运行代理）</translation>
    </message>
    <message>
        <source>the cluster has no nodes</source>
        <translation>集群没有节点</translation>
    </message>
    <message>
        <source>--runtime kubernetes needs a node that can run pods (Ready, schedulable, backed by a real kubelet), and none can: %1</source>
        <translation>--runtime kubernetes 需要一个能运行 Pod 的节点（就绪、可调度、由真实 kubelet 支撑），但没有节点满足：%1</translation>
    </message>
    <message>
        <source>add a node that runs containers, or install with --runtime local to run the agents on this machine</source>
        <translation>请添加一个能运行容器的节点，或使用 --runtime local 安装以在本机运行代理</translation>
    </message>
    <message>
        <source>local runtime: no node can run the agents&apos; pods (%1), so they run as processes on this machine</source>
        <translation>使用 local 运行时：没有节点能运行代理的 Pod（%1），因此代理作为本机进程运行</translation>
    </message>
    <message>
        <source>no node that can run the agents has the image %1: unless %2 serves it, its pods will wait (ErrImagePull or ErrImageNeverPull). Load it into the nodes&apos; runtime (e.g. ctr -n k8s.io images import ARCHIVE from ./run images; on the testbed ./run cluster import NAME build/images/*.tar) or push it there</source>
        <translation>能运行代理的节点都没有镜像 %1：除非 %2 提供该镜像，否则其 Pod 将一直等待（ErrImagePull 或 ErrImageNeverPull）。请将其导入节点的容器运行时（例如用 ./run images 生成的归档执行 ctr -n k8s.io images import ARCHIVE；在测试平台上执行 ./run cluster import NAME build/images/*.tar），或推送到该镜像仓库</translation>
    </message>
</context>
<context>
    <name>SqliteUsageArchive</name>
    <message>
        <source>the console&apos;s history needs Qt&apos;s SQLite driver, which is not installed</source>
        <translation>控制台的历史记录需要 Qt 的 SQLite 驱动，但它没有安装</translation>
    </message>
    <message>
        <source>install it (Debian: apt-get install libqt6sql6-sqlite)</source>
        <translation>请安装它（Debian：apt-get install libqt6sql6-sqlite）</translation>
    </message>
    <message>
        <source>cannot create the folder of the history file %1</source>
        <translation>无法创建历史文件 %1 所在的文件夹</translation>
    </message>
    <message>
        <source>check the folder&apos;s permissions, or give another file with --history</source>
        <translation>请检查该文件夹的权限，或用 --history 指定另一个文件</translation>
    </message>
    <message>
        <source>move the file away (the console starts a new history) or give another file with --history</source>
        <translation>请移走该文件（控制台会开始新的历史记录），或用 --history 指定另一个文件</translation>
    </message>
    <message>
        <source>cannot open the history file %1: %2</source>
        <translation>无法打开历史文件 %1：%2</translation>
    </message>
    <message>
        <source>the history file %1 is not a SQLite database Spillway can read: %2</source>
        <translation>历史文件 %1 不是 Spillway 能读取的 SQLite 数据库：%2</translation>
    </message>
    <message>
        <source>the history file %1 was written by a newer Spillway (schema %2; this console reads %3)</source>
        <translation>历史文件 %1 由更新版本的 Spillway 写入（模式 %2；本控制台读取 %3）</translation>
    </message>
    <message>
        <source>use that Spillway, or give this one another file with --history</source>
        <translation>请使用那个版本的 Spillway，或用 --history 为本版本指定另一个文件</translation>
    </message>
    <message>
        <source>cannot prepare the history file %1: %2</source>
        <translation>无法准备历史文件 %1：%2</translation>
    </message>
    <message>
        <source>the history file %1: %2: %3</source>
        <translation>历史文件 %1：%2：%3</translation>
    </message>
    <message>
        <source>check the disk has room and the file is writable; the charts keep this session meanwhile</source>
        <translation>请检查磁盘空间是否充足、文件是否可写；在此期间图表保留本次会话的数据</translation>
    </message>
    <message>
        <source>begin</source>
        <translation>开始事务</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写入</translation>
    </message>
    <message>
        <source>commit</source>
        <translation>提交</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读取</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Workspace not saved: %1</source>
        <translation>工作区未能保存：%1</translation>
    </message>
    <message>
        <source>Spillway&apos;s desktop console.</source>
        <translation>Spillway 桌面控制台。</translation>
    </message>
    <message>
        <source>Show this kubeconfig file&apos;s contexts instead of the workspace&apos;s (repeatable); nothing is saved.</source>
        <translation>显示此 kubeconfig 文件中的上下文，而不是工作区中的（可重复）；不保存任何内容。</translation>
    </message>
    <message>
        <source>Workspace file (default: in the user&apos;s configuration folder).</source>
        <translation>工作区文件（默认：用户配置目录中）。</translation>
    </message>
    <message>
        <source>Render the window offscreen to a PNG file once every cluster has answered, and exit.</source>
        <translation>待所有集群都有回应后，将窗口离屏渲染为 PNG 文件，然后退出。</translation>
    </message>
    <message>
        <source>spillway: cannot write %1</source>
        <translation>spillway：无法写入 %1</translation>
    </message>
    <message>
        <source>The namespace the offloading editor opens.</source>
        <translation>卸载编辑器打开的命名空间。</translation>
    </message>
    <message>
        <source>spillway: no page &quot;%1&quot;; the console has: %2</source>
        <translation>spillway：没有页面“%1”；控制台有：%2</translation>
    </message>
    <message>
        <source>The language for this run: system, %1 (default: the settings&apos; choice).</source>
        <translation>本次运行使用的语言：system、%1（默认：设置中的选择）。</translation>
    </message>
    <message>
        <source>The page to show, or the wizard to open once the clusters have answered: %1.</source>
        <translation>要显示的页面，或在各集群响应后打开的向导：%1。</translation>
    </message>
    <message>
        <source>The history database the charts and the dashboard keep (default: in the user&apos;s data folder; &quot;none&quot;: this session only).</source>
        <translation>图表和仪表板保存的历史数据库（默认：在用户数据文件夹中；&quot;none&quot;：仅本次会话）。</translation>
    </message>
    <message>
        <source>History kept for this session only: %1</source>
        <translation>历史记录仅保留本次会话：%1</translation>
    </message>
    <message>
        <source>The colours for this run: system (follow the desktop), light or dark (default: the settings&apos; choice).</source>
        <translation>本次运行的配色：system（跟随桌面）、light 或 dark（默认：设置中的选择）。</translation>
    </message>
    <message>
        <source>spillway: no theme &quot;%1&quot;; use system, light or dark</source>
        <translation>spillway：没有主题“%1”；请使用 system、light 或 dark</translation>
    </message>
</context>
<context>
    <name>spillway::console::AlertWatch</name>
    <message>
        <source>Authentication</source>
        <translation>认证</translation>
    </message>
    <message>
        <source>Networking</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Offloading</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Tunnel down: %1 → %2</source>
        <translation>隧道中断：%1 → %2</translation>
    </message>
    <message>
        <source>The network tunnel from %1 to %2 is down (%3): offloaded pods cannot reach the consumer&apos;s network.</source>
        <translation>从 %1 到 %2 的网络隧道已中断（%3）：卸载的 Pod 无法访问消费者集群的网络。</translation>
    </message>
    <message>
        <source>no connection</source>
        <translation>无连接</translation>
    </message>
    <message>
        <source>Tunnel latency jumped: %1 → %2</source>
        <translation>隧道延迟骤增：%1 → %2</translation>
    </message>
    <message>
        <source>%1 ms, where it is usually %2 ms.</source>
        <translation>%1 毫秒，通常为 %2 毫秒。</translation>
    </message>
    <message>
        <source>Virtual node %1 is NotReady</source>
        <translation>虚拟节点 %1 未就绪（NotReady）</translation>
    </message>
    <message>
        <source>In %1, the virtual node borrowing from %2 is not Ready: new pods are not placed there.</source>
        <translation>在 %1 中，向 %2 借用资源的虚拟节点未就绪：新的 Pod 不会调度到那里。</translation>
    </message>
    <message>
        <source>%1 unhealthy: %2 → %3</source>
        <translation>%1 不健康：%2 → %3</translation>
    </message>
    <message>
        <source>The %1 module of the peering %2 → %3 reports %4.</source>
        <translation>对等连接 %2 → %3 的%1模块报告 %4。</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>Offloading failed: %1 in %2</source>
        <translation>卸载失败：%2 中的 %1</translation>
    </message>
    <message>
        <source>The offloading of namespace %1 in %2 reports %3.</source>
        <translation>%2 中命名空间 %1 的卸载报告 %3。</translation>
    </message>
    <message>
        <source>The offloading of namespace %1 in %2 reports %3. %4.</source>
        <translation>%2 中命名空间 %1 的卸载报告 %3。%4。</translation>
    </message>
</context>
<context>
    <name>spillway::console::ClusterListModel</name>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Spillway not installed</source>
        <translation>未安装 Spillway</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>%1 — fix: %2</source>
        <translation>%1 — 解决方法：%2</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
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
        <translation>集群 ID</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Workspace not loaded (%1); it was moved to %2</source>
        <translation>工作区未能加载（%1）；已将其移至 %2</translation>
    </message>
    <message>
        <source>TLS not verified: the kubeconfig sets insecure-skip-tls-verify, so anyone on the network path can read and change this traffic, credentials included — fix: set certificate-authority-data (or certificate-authority) for %1</source>
        <translation>未验证 TLS：kubeconfig 设置了 insecure-skip-tls-verify，网络路径上的任何人都能读取并篡改此流量（包括凭据）— 解决方法：为 %1 设置 certificate-authority-data（或 certificate-authority）</translation>
    </message>
</context>
<context>
    <name>spillway::console::DashboardModel</name>
    <message>
        <source>Consumer</source>
        <translation>消费者</translation>
    </message>
    <message>
        <source>Provider</source>
        <translation>提供者</translation>
    </message>
    <message>
        <source>Authentication</source>
        <translation>认证</translation>
    </message>
    <message>
        <source>Networking</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Offloading</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Virtual node</source>
        <translation>虚拟节点</translation>
    </message>
    <message>
        <source>Tunnel</source>
        <translation>隧道</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Pending</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Claim</source>
        <translation>存储声明</translation>
    </message>
    <message>
        <source>Lives in</source>
        <translation>所在位置</translation>
    </message>
    <message>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Last drop</source>
        <translation>上次中断</translation>
    </message>
    <message>
        <source>none seen</source>
        <translation>未见过</translation>
    </message>
</context>
<context>
    <name>spillway::console::InstallService</name>
    <message>
        <source>An install or uninstall is still running.</source>
        <translation>安装或卸载仍在进行中。</translation>
    </message>
    <message>
        <source>Wait for it to finish or cancel it.</source>
        <translation>请等待其完成或将其取消。</translation>
    </message>
    <message>
        <source>installed</source>
        <translation>已安装</translation>
    </message>
    <message>
        <source>re-applied</source>
        <translation>已重新应用</translation>
    </message>
    <message>
        <source>upgraded from %1</source>
        <translation>已从 %1 升级</translation>
    </message>
    <message>
        <source>Spillway %1 %2: cluster ID %3 (%4 created, %5 configured, %6 unchanged).</source>
        <translation>Spillway %1 %2：集群 ID %3（创建 %4 个，更新 %5 个，未变 %6 个）。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
</context>
<context>
    <name>spillway::console::OffloadedPodsTable</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>Pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation>运行于</translation>
    </message>
    <message>
        <source>Virtual node</source>
        <translation>虚拟节点</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Restarts</source>
        <translation>重启次数</translation>
    </message>
</context>
<context>
    <name>spillway::console::OffloadingService</name>
    <message>
        <source>namespace %1 does not exist yet; applying creates it</source>
        <translation>命名空间 %1 尚不存在；应用时将创建它</translation>
    </message>
</context>
<context>
    <name>spillway::console::OffloadingStatusModel</name>
    <message>
        <source>Peer cluster</source>
        <translation>对等集群</translation>
    </message>
    <message>
        <source>Selected</source>
        <translation>已选中</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>pending (the controller has not answered yet)</source>
        <translation>等待中（控制器尚未响应）</translation>
    </message>
</context>
<context>
    <name>spillway::console::PeeringService</name>
    <message>
        <source>Another peering operation is still running.</source>
        <translation>另一个对等操作仍在运行。</translation>
    </message>
    <message>
        <source>Wait for it to finish or cancel it.</source>
        <translation>请等待其完成或将其取消。</translation>
    </message>
</context>
<context>
    <name>spillway::console::PeeringTimelineModel</name>
    <message>
        <source>Network: tunnel between the gateways</source>
        <translation>网络：网关之间的隧道</translation>
    </message>
    <message>
        <source>Authentication: identities and certificates</source>
        <translation>认证：身份与证书</translation>
    </message>
    <message>
        <source>Resources: the provider grants a ResourceSlice</source>
        <translation>资源：提供者授予 ResourceSlice</translation>
    </message>
    <message>
        <source>Virtual node Ready in the consumer</source>
        <translation>消费者中的虚拟节点就绪</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Running…</source>
        <translation>运行中…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Skipped</source>
        <translation>已跳过</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Stage</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Elapsed</source>
        <translation>耗时</translation>
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
        <translation>备选 %1</translation>
    </message>
    <message>
        <source>Term</source>
        <translation>条件组</translation>
    </message>
    <message>
        <source>Label key</source>
        <translation>标签键</translation>
    </message>
    <message>
        <source>Operator</source>
        <translation>运算符</translation>
    </message>
    <message>
        <source>Values</source>
        <translation>值</translation>
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
        <translation>打开</translation>
    </message>
    <message>
        <source>the desktop&apos;s notification service refused an alert: %1</source>
        <translation>桌面通知服务拒绝了一条告警：%1</translation>
    </message>
</context>
<context>
    <name>spillway::views::ChartsView</name>
    <message>
        <source>Virtual nodes: CPU</source>
        <translation>虚拟节点：CPU</translation>
    </message>
    <message>
        <source>Allocatable</source>
        <translation>可分配</translation>
    </message>
    <message>
        <source>Requested</source>
        <translation>已请求</translation>
    </message>
    <message>
        <source>cores</source>
        <translation>核</translation>
    </message>
    <message>
        <source>ResourceSlices: CPU</source>
        <translation>ResourceSlice：CPU</translation>
    </message>
    <message>
        <source>Asked for</source>
        <translation>申请</translation>
    </message>
    <message>
        <source>Granted</source>
        <translation>已授予</translation>
    </message>
    <message>
        <source>CPU (cores)</source>
        <translation>CPU（核）</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>Used</source>
        <translation>已使用</translation>
    </message>
    <message>
        <source>Used CPU (cores)</source>
        <translation>已使用 CPU（核）</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>最近一小时</translation>
    </message>
    <message>
        <source>Last day</source>
        <translation>最近一天</translation>
    </message>
    <message>
        <source>Last week</source>
        <translation>最近一周</translation>
    </message>
    <message>
        <source>History span</source>
        <translation>历史时间范围</translation>
    </message>
    <message>
        <source>History:</source>
        <translation>历史：</translation>
    </message>
    <message>
        <source>The history is kept on this computer for 30 days (by the minute after two hours, by ten minutes after two days).</source>
        <translation>历史记录在本机保留 30 天（两小时后按分钟汇总，两天后按十分钟汇总）。</translation>
    </message>
    <message>
        <source>The history covers this session only.</source>
        <translation>历史记录仅涵盖本次会话。</translation>
    </message>
    <message>
        <source>Requested is what the pods on a virtual node ask for; Used is what metrics.k8s.io measures, drawn when the consumer cluster serves it (metrics-server).</source>
        <translation>“请求”是虚拟节点上的 Pod 所申请的资源；“使用”是 metrics.k8s.io 测得的用量，在消费者集群提供该接口（metrics-server）时绘制。</translation>
    </message>
    <message>
        <source>Requested and used on virtual nodes</source>
        <translation>虚拟节点上的请求与使用</translation>
    </message>
    <message>
        <source>Tunnel latency</source>
        <translation>隧道延迟</translation>
    </message>
</context>
<context>
    <name>spillway::views::ClusterListView</name>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>No clusters yet. Add a kubeconfig to get started.</source>
        <translation>还没有集群。添加一个 kubeconfig 即可开始。</translation>
    </message>
    <message>
        <source>Add kubeconfig…</source>
        <translation>添加 kubeconfig…</translation>
    </message>
    <message>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <source>Add kubeconfig files</source>
        <translation>添加 kubeconfig 文件</translation>
    </message>
    <message>
        <source>Install…</source>
        <translation>安装…</translation>
    </message>
    <message>
        <source>Uninstall…</source>
        <translation>卸载…</translation>
    </message>
    <message>
        <source>Uninstall failed</source>
        <translation>卸载失败</translation>
    </message>
    <message numerus="yes">
        <source>Uninstalled: removed %n object(s).</source>
        <translation>
            <numerusform>已卸载：删除了 %n 个对象。</numerusform>
        </translation>
    </message>
    <message>
        <source>Uninstall Spillway</source>
        <translation>卸载 Spillway</translation>
    </message>
    <message>
        <source>Remove Spillway from %1? Its CRDs and everything made of them go too. Clusters still peered refuse it: unpeer first.</source>
        <translation>要从 %1 移除 Spillway 吗？其 CRD 以及由它们创建的一切都会被删除。仍在对等的集群会拒绝卸载：请先解除对等。</translation>
    </message>
    <message>
        <source>Uninstalling Spillway from %1…</source>
        <translation>正在从 %1 卸载 Spillway…</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>集群</translation>
    </message>
</context>
<context>
    <name>spillway::views::DashboardView</name>
    <message>
        <source>Peerings</source>
        <translation>对等关系</translation>
    </message>
    <message>
        <source>Offloaded pods</source>
        <translation>已卸载的 Pod</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Volumes</source>
        <translation>存储卷</translation>
    </message>
</context>
<context>
    <name>spillway::views::InstallWizard</name>
    <message>
        <source>Install Spillway into %1</source>
        <translation>将 Spillway 安装到 %1</translation>
    </message>
    <message>
        <source>Cancelled. Retry installs again; what was applied is re-applied.</source>
        <translation>已取消。“重试”会重新安装；已应用的内容会再次应用。</translation>
    </message>
    <message>
        <source>The install failed: %1</source>
        <translation>安装失败：%1</translation>
    </message>
    <message>
        <source>Install options</source>
        <translation>安装选项</translation>
    </message>
    <message>
        <source>The same choices as spillctl install. Empty fields take the defaults: a generated cluster ID, the pod CIDRs the cluster reports.</source>
        <translation>与 spillctl install 的选项相同。留空的字段取默认值：自动生成的集群 ID、集群报告的 Pod CIDR。</translation>
    </message>
    <message>
        <source>generated, e.g. brave-otter-4f2c</source>
        <translation>自动生成，例如 brave-otter-4f2c</translation>
    </message>
    <message>
        <source>e.g. topology.kubernetes.io/region=eu-west</source>
        <translation>例如 topology.kubernetes.io/region=eu-west</translation>
    </message>
    <message>
        <source>discovered, e.g. 10.244.0.0/16</source>
        <translation>自动发现，例如 10.244.0.0/16</translation>
    </message>
    <message>
        <source>discovered, e.g. 10.96.0.0/12</source>
        <translation>自动发现，例如 10.96.0.0/12</translation>
    </message>
    <message>
        <source>Local: supervised processes on this machine</source>
        <translation>本地：在本机上受监管的进程</translation>
    </message>
    <message>
        <source>Kubernetes: Deployments in the cluster</source>
        <translation>Kubernetes：集群中的 Deployment</translation>
    </message>
    <message>
        <source>Advanced: one key=value per line, as --set takes them</source>
        <translation>高级：每行一个 key=value，与 --set 相同</translation>
    </message>
    <message>
        <source>default: ~/.local/state/spillway/&lt;cluster ID&gt;</source>
        <translation>默认：~/.local/state/spillway/&lt;集群 ID&gt;</translation>
    </message>
    <message>
        <source>default: the console&apos;s own folder</source>
        <translation>默认：控制台自身所在的文件夹</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Distribution:</source>
        <translation>发行版：</translation>
    </message>
    <message>
        <source>Cluster ID:</source>
        <translation>集群 ID：</translation>
    </message>
    <message>
        <source>Cluster labels:</source>
        <translation>集群标签：</translation>
    </message>
    <message>
        <source>Pod CIDRs:</source>
        <translation>Pod CIDR：</translation>
    </message>
    <message>
        <source>Service CIDR:</source>
        <translation>Service CIDR：</translation>
    </message>
    <message>
        <source>Runtime:</source>
        <translation>运行时：</translation>
    </message>
    <message>
        <source>Values (--set):</source>
        <translation>参数值（--set）：</translation>
    </message>
    <message>
        <source>State folder:</source>
        <translation>状态文件夹：</translation>
    </message>
    <message>
        <source>Binaries folder:</source>
        <translation>二进制文件夹：</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>超时：</translation>
    </message>
    <message>
        <source>Installing</source>
        <translation>正在安装</translation>
    </message>
    <message>
        <source>Each step as it runs. Cancel stops between steps; installing again is safe.</source>
        <translation>实时显示每个步骤。“取消”会在步骤之间停止；重新安装是安全的。</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Installing Spillway into %1…</source>
        <translation>正在将 Spillway 安装到 %1…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Automatic: in the cluster when a node can run pods, else on this machine</source>
        <translation>自动：有节点能运行 Pod 时在集群中运行，否则在本机运行</translation>
    </message>
    <message>
        <source>Install steps</source>
        <translation>安装步骤</translation>
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
        <translation>集群</translation>
    </message>
    <message>
        <source>Offloading</source>
        <translation>卸载</translation>
    </message>
    <message>
        <source>Peers</source>
        <translation>对等集群</translation>
    </message>
    <message>
        <source>&amp;Peering</source>
        <translation>对等(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Peer clusters…</source>
        <translation>对等集群(&amp;P)…</translation>
    </message>
    <message>
        <source>Unpeer</source>
        <translation>解除对等</translation>
    </message>
    <message>
        <source>Unpeering needs both clusters&apos; kubeconfigs in the workspace; add the missing one on the Clusters page (or run spillctl unpeer out-of-band on the consumer).</source>
        <translation>解除对等需要工作区中有两个集群的 kubeconfig；请在“集群”页添加缺少的那个（或在消费者上运行 spillctl unpeer out-of-band）。</translation>
    </message>
    <message>
        <source>Unpeer failed</source>
        <translation>解除对等失败</translation>
    </message>
    <message numerus="yes">
        <source>Unpeered: removed %n object(s).</source>
        <translation>
            <numerusform>已解除对等：删除了 %n 个对象。</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop %1 consuming from %2? Its virtual node goes, and pods offloaded there are evicted.</source>
        <translation>要让 %1 停止使用 %2 的资源吗？其虚拟节点将被删除，卸载到那里的 Pod 将被驱逐。</translation>
    </message>
    <message>
        <source>Unpeering %1 from %2…</source>
        <translation>正在解除 %1 与 %2 的对等…</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>The console shows the new language when it starts again.</source>
        <translation>控制台将在下次启动时使用新的语言。</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>仪表盘</translation>
    </message>
    <message>
        <source>Invitation</source>
        <translation>邀请</translation>
    </message>
    <message>
        <source>Invitation ready: it works once, for an hour.</source>
        <translation>邀请已生成：仅可使用一次，一小时内有效。</translation>
    </message>
    <message>
        <source>Run this on the consumer, or paste it into the consumer&apos;s peering wizard. The token works once, for an hour:</source>
        <translation>在消费者上运行此命令，或将其粘贴到消费者的对等向导中。令牌仅可使用一次，一小时内有效：</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Asking %1 for an invitation…</source>
        <translation>正在向 %1 请求邀请…</translation>
    </message>
    <message>
        <source>The peering wizard needs two clusters, a consumer and a provider; pass --kubeconfig for each.</source>
        <translation>对等向导需要两个集群：一个消费者和一个提供者；请为每个集群传入 --kubeconfig。</translation>
    </message>
    <message>
        <source>There is no cluster to open the install wizard for; pass --kubeconfig.</source>
        <translation>没有可以打开安装向导的集群；请传入 --kubeconfig。</translation>
    </message>
    <message>
        <source>Pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <source>Show Spillway</source>
        <translation>显示 Spillway</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>退出</translation>
    </message>
    <message>
        <source>&amp;Alerts</source>
        <translation>告警(&amp;A)</translation>
    </message>
    <message>
        <source>Desktop notifications</source>
        <translation>桌面通知</translation>
    </message>
    <message>
        <source>Alerts about</source>
        <translation>告警来源</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>Follow the desktop</source>
        <translation>跟随桌面</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
</context>
<context>
    <name>spillway::views::NextStepBar</name>
    <message>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
</context>
<context>
    <name>spillway::views::OffloadingEditor</name>
    <message>
        <source>Fill local nodes first (LocalAndRemote)</source>
        <translation>优先使用本地节点（LocalAndRemote）</translation>
    </message>
    <message>
        <source>Check on the server</source>
        <translation>在服务器上检查</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Remove row</source>
        <translation>删除行</translation>
    </message>
    <message>
        <source>Cluster:</source>
        <translation>集群：</translation>
    </message>
    <message>
        <source>Namespace:</source>
        <translation>命名空间：</translation>
    </message>
    <message>
        <source>choose or type a new one</source>
        <translation>选择或输入新的命名空间</translation>
    </message>
    <message>
        <source>How remote namespaces are named: &lt;namespace&gt;-&lt;cluster ID&gt; (DefaultName), the same name (EnforceSameName) or one you choose (SelectedName).</source>
        <translation>远程命名空间的命名方式：&lt;命名空间&gt;-&lt;集群 ID&gt;（DefaultName）、相同名称（EnforceSameName）或自定义名称（SelectedName）。</translation>
    </message>
    <message>
        <source>Where the namespace&apos;s pods may run: local nodes and peers, peers only, or local nodes only.</source>
        <translation>该命名空间的 Pod 可以运行的位置：本地节点和对等集群、仅对等集群，或仅本地节点。</translation>
    </message>
    <message>
        <source>the remote namespace&apos;s name (SelectedName)</source>
        <translation>远程命名空间的名称（SelectedName）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Kubernetes&apos; default (300 s)</source>
        <translation>Kubernetes 默认值（300 秒）</translation>
    </message>
    <message>
        <source>How long pods stay on a lost provider&apos;s virtual node before they are recreated elsewhere.</source>
        <translation>Pod 在失联提供方的虚拟节点上停留多久后，才会在其他位置重新创建。</translation>
    </message>
    <message>
        <source>Namespace mapping:</source>
        <translation>命名空间映射：</translation>
    </message>
    <message>
        <source>Remote name:</source>
        <translation>远程名称：</translation>
    </message>
    <message>
        <source>Pod offloading:</source>
        <translation>Pod 卸载：</translation>
    </message>
    <message>
        <source>Failover after:</source>
        <translation>故障转移等待：</translation>
    </message>
    <message>
        <source>Peers (clusterSelector on the virtual nodes&apos; labels)</source>
        <translation>对等集群（按虚拟节点标签的 clusterSelector）</translation>
    </message>
    <message>
        <source>Add requirement</source>
        <translation>添加条件</translation>
    </message>
    <message>
        <source>Add alternative</source>
        <translation>添加备选</translation>
    </message>
    <message>
        <source>%1 (Spillway not installed)</source>
        <translation>%1（未安装 Spillway）</translation>
    </message>
    <message>
        <source>Loaded the NamespaceOffloading of %1.</source>
        <translation>已加载 %1 的 NamespaceOffloading。</translation>
    </message>
    <message>
        <source>✓ The server accepts this NamespaceOffloading (dry run: nothing was changed).</source>
        <translation>✓ 服务器接受此 NamespaceOffloading（试运行：未做任何更改）。</translation>
    </message>
    <message>
        <source>✓ Checked: %1.</source>
        <translation>✓ 已检查：%1。</translation>
    </message>
    <message>
        <source>✓ Applied; waiting for the controller.</source>
        <translation>✓ 已应用；正在等待控制器。</translation>
    </message>
    <message>
        <source>%1 is a new namespace; applying creates it.</source>
        <translation>%1 是新的命名空间；应用时将创建它。</translation>
    </message>
    <message numerus="yes">
        <source>⚠ %n pod(s) already run in %1 and stay where they are; recreate them (e.g. kubectl rollout restart) to let them use the peers.</source>
        <translation>
            <numerusform>⚠ %1 中已有 %n 个 Pod 在运行，它们会留在原处；请重新创建它们（例如 kubectl rollout restart）以使用对等集群。</numerusform>
        </translation>
    </message>
    <message>
        <source>This cluster has no peers yet: the selector is saved and applies when one appears.</source>
        <translation>此集群尚无对等集群：选择器会被保存，并在出现对等集群时生效。</translation>
    </message>
    <message>
        <source>Matches no peer (of %1): pods stay local.</source>
        <translation>不匹配任何对等集群（共 %1 个）：Pod 留在本地。</translation>
    </message>
    <message>
        <source>Matches %1 of %2 peers: %3</source>
        <translation>匹配 %2 个对等集群中的 %1 个：%3</translation>
    </message>
    <message>
        <source>Phase: %1</source>
        <translation>阶段：%1</translation>
    </message>
    <message>
        <source>Phase: %1 — remote namespace %2</source>
        <translation>阶段：%1 — 远程命名空间 %2</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>处理中…</translation>
    </message>
    <message>
        <source>✗ %1</source>
        <translation>✗ %1</translation>
    </message>
    <message>
        <source>✗ %1 — fix: %2</source>
        <translation>✗ %1 — 解决方法：%2</translation>
    </message>
    <message>
        <source>NamespaceOffloading YAML</source>
        <translation>NamespaceOffloading YAML</translation>
    </message>
    <message>
        <source>Offloading status per peer</source>
        <translation>各对等集群的卸载状态</translation>
    </message>
    <message>
        <source>Peers: clusterSelector terms</source>
        <translation>对等集群：clusterSelector 条件</translation>
    </message>
</context>
<context>
    <name>spillway::views::PeerGraphView</name>
    <message>
        <source>No peerings to draw yet: clusters with Spillway installed appear here with the peerings they report.</source>
        <translation>尚无可绘制的对等关系：已安装 Spillway 的集群及其报告的对等关系会显示在这里。</translation>
    </message>
    <message>
        <source>%1 (not in the workspace)</source>
        <translation>%1（不在工作区中）</translation>
    </message>
    <message>
        <source>Unpeer %1 → %2…</source>
        <translation>解除对等 %1 → %2…</translation>
    </message>
    <message>
        <source>Consume from</source>
        <translation>使用以下集群的资源</translation>
    </message>
    <message>
        <source>Paste invitation…</source>
        <translation>粘贴邀请…</translation>
    </message>
    <message>
        <source>Generate invitation…</source>
        <translation>生成邀请…</translation>
    </message>
    <message>
        <source>Could not write %1: %2. Choose a folder you can write to.</source>
        <translation>无法写入 %1：%2。请选择一个您有写权限的文件夹。</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Federation map</source>
        <translation>联邦地图</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <source>Show every cluster</source>
        <translation>显示所有集群</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Export the map as a PNG or SVG image</source>
        <translation>将地图导出为 PNG 或 SVG 图像</translation>
    </message>
    <message>
        <source>Click a cluster or a peering for its details. Wheel or + and -: zoom; drag: pan; arrows: the next cluster; 0: fit.</source>
        <translation>点击集群或对等连接查看详情。滚轮或 + 和 -：缩放；拖动：平移；方向键：下一个集群；0：适应窗口。</translation>
    </message>
    <message>
        <source>Nothing to export: the map has no clusters yet.</source>
        <translation>没有可导出的内容：地图上还没有集群。</translation>
    </message>
    <message>
        <source>Could not write %1: the folder %2 does not exist. Choose an existing folder.</source>
        <translation>无法写入 %1：文件夹 %2 不存在。请选择一个已存在的文件夹。</translation>
    </message>
    <message>
        <source>Spillway federation map</source>
        <translation>Spillway 联邦地图</translation>
    </message>
    <message>
        <source>Could not make the PNG image: %1.</source>
        <translation>无法生成 PNG 图像：%1。</translation>
    </message>
    <message>
        <source>Export the map</source>
        <translation>导出地图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG image (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 图像 (*.svg)</translation>
    </message>
    <message>
        <source>cannot watch: %1</source>
        <translation>无法监视：%1</translation>
    </message>
    <message>
        <source>Spillway %1 · %2</source>
        <translation>Spillway %1 · %2</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
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
        <translation>对等集群</translation>
    </message>
    <message>
        <source>Cancelled during &quot;%1&quot;. What was done stays; Retry resumes.</source>
        <translation>在“%1”阶段已取消。已完成的部分保留；点击“重试”继续。</translation>
    </message>
    <message>
        <source>Failed during &quot;%1&quot;: %2</source>
        <translation>在“%1”阶段失败：%2</translation>
    </message>
    <message>
        <source>Peered: %1 now consumes from %2.</source>
        <translation>已对等：%1 现在使用 %2 的资源。</translation>
    </message>
    <message>
        <source>Peered: %1 now consumes from %2 through virtual node %3.</source>
        <translation>已对等：%1 现在通过虚拟节点 %3 使用 %2 的资源。</translation>
    </message>
    <message>
        <source>Clusters</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>The consumer borrows capacity; the provider lends it and appears in the consumer as a virtual node.</source>
        <translation>消费者借用容量；提供者出借容量，并在消费者中显示为虚拟节点。</translation>
    </message>
    <message>
        <source>Consumer:</source>
        <translation>消费者：</translation>
    </message>
    <message>
        <source>Provider:</source>
        <translation>提供者：</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Bidirectional: each cluster also consumes from the other</source>
        <translation>双向：每个集群也使用对方的资源</translation>
    </message>
    <message>
        <source>Network fabric (WireGuard tunnel between the gateways)</source>
        <translation>网络结构（网关之间的 WireGuard 隧道）</translation>
    </message>
    <message>
        <source>Create the virtual node and wait until it is Ready</source>
        <translation>创建虚拟节点并等待其就绪</translation>
    </message>
    <message>
        <source>e.g. 4 or 500m</source>
        <translation>例如 4 或 500m</translation>
    </message>
    <message>
        <source>e.g. 8Gi</source>
        <translation>例如 8Gi</translation>
    </message>
    <message>
        <source>e.g. 110</source>
        <translation>例如 110</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>CPU:</source>
        <translation>CPU：</translation>
    </message>
    <message>
        <source>Memory:</source>
        <translation>内存：</translation>
    </message>
    <message>
        <source>Pods:</source>
        <translation>Pod：</translation>
    </message>
    <message>
        <source>ResourceSlice class:</source>
        <translation>ResourceSlice 类别：</translation>
    </message>
    <message>
        <source>Timeout:</source>
        <translation>超时：</translation>
    </message>
    <message>
        <source>Peering</source>
        <translation>对等</translation>
    </message>
    <message>
        <source>Each stage as it happens. Cancel stops at the next step; what was done stays, and Retry resumes.</source>
        <translation>实时显示每个阶段。“取消”会在下一步停止；已完成的部分保留，“重试”可继续。</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Peering %1 with %2…</source>
        <translation>正在对等 %1 与 %2…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>spillctl peer out-of-band NAME --auth-url … --cluster-id … --auth-token … --auth-fingerprint …</source>
        <translation>spillctl peer out-of-band 名称 --auth-url … --cluster-id … --auth-token … --auth-fingerprint …</translation>
    </message>
    <message>
        <source>Or, with only the consumer&apos;s kubeconfig, paste the provider&apos;s invitation (Generate invitation on the provider):</source>
        <translation>或者，仅使用消费者的 kubeconfig，粘贴提供者的邀请（在提供者上“生成邀请”）：</translation>
    </message>
    <message>
        <source>Invitation:</source>
        <translation>邀请：</translation>
    </message>
    <message>
        <source>the invitation&apos;s provider</source>
        <translation>邀请中的提供者</translation>
    </message>
    <message>
        <source>%1 consumes from %2. The same choices as spillctl peer; empty amounts take what the provider&apos;s policy grants.</source>
        <translation>%1 从 %2 借用资源。与 spillctl peer 的选项相同；数量留空则取提供者策略授予的值。</translation>
    </message>
    <message>
        <source>Peering stages</source>
        <translation>对等连接阶段</translation>
    </message>
    <message>
        <source>Peering log</source>
        <translation>对等连接日志</translation>
    </message>
</context>
<context>
    <name>spillway::views::PodExecView</name>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>断开</translation>
    </message>
    <message>
        <source>The command to run in the container, split as a shell would split it</source>
        <translation>在容器中运行的命令，按 shell 的方式拆分参数</translation>
    </message>
    <message>
        <source>Container:</source>
        <translation>容器：</translation>
    </message>
    <message>
        <source>Command:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <source>Choose a pod to open a terminal in it.</source>
        <translation>选择一个 Pod 以在其中打开终端。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1/%2&lt;/b&gt; in %3, running in %4</source>
        <translation>&lt;b&gt;%1/%2&lt;/b&gt;（位于 %3），实际运行于 %4</translation>
    </message>
    <message>
        <source>an unknown provider</source>
        <translation>未知的提供方</translation>
    </message>
    <message>
        <source>Press Connect to run the command in the pod.</source>
        <translation>点击“连接”在 Pod 中运行该命令。</translation>
    </message>
    <message>
        <source>Type the command to run, for example /bin/sh.</source>
        <translation>请输入要运行的命令，例如 /bin/sh。</translation>
    </message>
    <message>
        <source>Connected: %1 in %2/%3.</source>
        <translation>已连接：%1，位于 %2/%3。</translation>
    </message>
    <message>
        <source>The command exited with code %1. Press Connect to run it again.</source>
        <translation>命令已退出，退出码为 %1。点击“连接”可再次运行。</translation>
    </message>
    <message>
        <source>The terminal closed: %1</source>
        <translation>终端已关闭：%1</translation>
    </message>
    <message>
        <source>Connecting to %1/%2…</source>
        <translation>正在连接 %1/%2…</translation>
    </message>
    <message>
        <source>Disconnected. Press Connect to run the command again.</source>
        <translation>已断开。点击“连接”可再次运行该命令。</translation>
    </message>
</context>
<context>
    <name>spillway::views::PodLogView</name>
    <message>
        <source>Follow</source>
        <translation>跟随</translation>
    </message>
    <message>
        <source>Search the log</source>
        <translation>搜索日志</translation>
    </message>
    <message>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <source>Container:</source>
        <translation>容器：</translation>
    </message>
    <message>
        <source>“%1” is not in the log shown.</source>
        <translation>显示的日志中没有“%1”。</translation>
    </message>
    <message>
        <source>Choose a pod to read its log.</source>
        <translation>选择一个 Pod 以查看其日志。</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1/%2&lt;/b&gt; in %3, running in %4 (virtual node %5)</source>
        <translation>&lt;b&gt;%1/%2&lt;/b&gt;（%3），运行于 %4（虚拟节点 %5）</translation>
    </message>
    <message>
        <source>an unknown provider</source>
        <translation>未知的提供方</translation>
    </message>
    <message>
        <source>The log ended: the container stopped.</source>
        <translation>日志已结束：容器已停止。</translation>
    </message>
    <message>
        <source>End of the log. Tick Follow to keep reading new lines.</source>
        <translation>日志结束。勾选“跟随”以继续读取新行。</translation>
    </message>
    <message>
        <source>The log cannot be read: %1</source>
        <translation>无法读取日志：%1</translation>
    </message>
    <message>
        <source>Following the log…</source>
        <translation>正在跟随日志…</translation>
    </message>
    <message>
        <source>Reading the log…</source>
        <translation>正在读取日志…</translation>
    </message>
    <message>
        <source>Find in the log</source>
        <translation>在日志中查找</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
</context>
<context>
    <name>spillway::views::PodsView</name>
    <message>
        <source>No pod runs on a virtual node yet. Offload a namespace (Offloading tab) and create pods in it.</source>
        <translation>还没有 Pod 运行在虚拟节点上。请卸载一个命名空间（“卸载”标签页）并在其中创建 Pod。</translation>
    </message>
    <message>
        <source>Offloaded pods</source>
        <translation>已卸载的 Pod</translation>
    </message>
    <message>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <source>Terminal</source>
        <translation>终端</translation>
    </message>
    <message>
        <source>All clusters</source>
        <translation>所有集群</translation>
    </message>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>All namespaces</source>
        <translation>所有命名空间</translation>
    </message>
    <message>
        <source>Namespace</source>
        <translation>命名空间</translation>
    </message>
    <message>
        <source>All providers</source>
        <translation>所有提供方</translation>
    </message>
    <message>
        <source>Runs in</source>
        <translation>运行于</translation>
    </message>
    <message>
        <source>All phases</source>
        <translation>所有阶段</translation>
    </message>
    <message>
        <source>Phase</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>Pod name contains…</source>
        <translation>Pod 名称包含…</translation>
    </message>
    <message>
        <source>Pod name</source>
        <translation>Pod 名称</translation>
    </message>
    <message numerus="yes">
        <source>%n pod(s)</source>
        <translation>
            <numerusform>%n 个 Pod</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n pod(s)</source>
        <translation>
            <numerusform>%1 / %n 个 Pod</numerusform>
        </translation>
    </message>
    <message>
        <source>Pod events</source>
        <translation>Pod 事件</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
</context>
<context>
    <name>spillway::views::TerminalView</name>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
</context>
</TS>
