<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
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
        <source>The page to show: clusters.</source>
        <translation>要显示的页面：clusters。</translation>
    </message>
    <message>
        <source>spillway: no page &quot;%1&quot; yet; the console has: clusters</source>
        <translation>spillway：尚无页面“%1”；控制台目前有：clusters</translation>
    </message>
    <message>
        <source>spillway: cannot write %1</source>
        <translation>spillway：无法写入 %1</translation>
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
</context>
</TS>
