<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>spillway::views::MainWindow</name>
    <message>
        <source>Spillway</source>
        <translation>Spillway</translation>
    </message>
    <message>
        <source>No clusters yet. Add a kubeconfig to get started.</source>
        <translation>No clusters yet. Add a kubeconfig to get started.</translation>
    </message>
    <message>
        <source>Spillway %1</source>
        <translation>Spillway %1</translation>
    </message>
</context>
</TS>
