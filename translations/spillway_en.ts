<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
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
        <source>The page to show: clusters.</source>
        <translation>The page to show: clusters.</translation>
    </message>
    <message>
        <source>spillway: no page &quot;%1&quot; yet; the console has: clusters</source>
        <translation>spillway: no page &quot;%1&quot; yet; the console has: clusters</translation>
    </message>
    <message>
        <source>spillway: cannot write %1</source>
        <translation>spillway: cannot write %1</translation>
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
